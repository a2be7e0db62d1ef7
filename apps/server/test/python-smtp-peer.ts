import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ReceivedMail, SmtpRecorder } from './smtp-peer.ts';

// Python 3.11's standard-library SMTP server (smtpd, deprecated but shipped until 3.12): an
// implementation we did not write. Each message is printed as one JSON line.
const SCRIPT = String.raw`
import asyncore, json, sys, warnings
warnings.simplefilter('ignore')
import smtpd

class Recorder(smtpd.SMTPServer):
    def process_message(self, peer, mailfrom, rcpttos, data, **kwargs):
        text = data.decode('utf-8', 'replace') if isinstance(data, bytes) else data
        print(json.dumps({'from': mailfrom, 'to': rcpttos, 'data': text}), flush=True)

server = Recorder(('127.0.0.1', 0), None, decode_data=False)
print(server.socket.getsockname()[1], flush=True)
asyncore.loop(timeout=0.2)
`;

/** Whether this machine has a Python with the smtpd module (3.11 or older). */
export function pythonSmtpdAvailable(): boolean {
  const probe = spawnSync('python3', ['-W', 'ignore', '-c', 'import smtpd'], { stdio: 'ignore' });
  return probe.status === 0;
}

/** Starts Python's smtpd server on loopback; the same shape as our own peer (smtp-peer.ts). */
export async function startPythonSmtpPeer(): Promise<SmtpRecorder> {
  const child = spawn('python3', ['-u', '-c', SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
  const received: ReceivedMail[] = [];
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`python smtpd exited with ${code}`)));
    lines.once('line', (line) => resolve(Number(line)));
  });
  lines.on('line', (line) => {
    const mail = JSON.parse(line) as ReceivedMail;
    received.push(mail);
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}
