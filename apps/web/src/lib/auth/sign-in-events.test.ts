import type { User } from '@sms/contracts/users';
import { describe, expect, it } from 'vitest';
import { emitSignedIn, onSignedIn } from './sign-in-events';

const user = (id: string) => ({ id, email: `${id}@example.org` }) as User;

describe('sign-in events', () => {
  it('tells every listener, and each one once', () => {
    const heard: string[] = [];
    const stopA = onSignedIn((signedIn) => heard.push(`a:${signedIn.id}`));
    const stopB = onSignedIn((signedIn) => heard.push(`b:${signedIn.id}`));
    emitSignedIn(user('u1'));
    stopA();
    stopB();
    expect(heard).toEqual(['a:u1', 'b:u1']);
  });

  // The sign-in entry signs in before the app that listens has loaded (decision 071): the app's
  // listener, subscribing later, still applies the account's preferences.
  it('keeps a sign-in no one heard for the first listener, and only for it', () => {
    emitSignedIn(user('early'));
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = onSignedIn((signedIn) => first.push(signedIn.id));
    const stopSecond = onSignedIn((signedIn) => second.push(signedIn.id));
    expect(first).toEqual(['early']);
    expect(second).toEqual([]);
    stopFirst();
    stopSecond();
  });
});
