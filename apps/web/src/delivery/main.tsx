import { startApp } from './start-app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

void startApp(container);
