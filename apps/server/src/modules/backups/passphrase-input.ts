import { BACKUP_PASSPHRASE_MIN_LENGTH } from '@sms/contracts/data-lifecycle';

/**
 * The passphrase of `npm run backup -- --encrypt` and of `npm run restore` for an encrypted file:
 * BACKUP_PASSPHRASE, else typed on the terminal without echo (twice when encrypting, so a typing
 * slip cannot lock the file away). Never an argument: command lines are visible to other users.
 */
export async function commandPassphrase(purpose: 'encrypt' | 'decrypt', env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const given = env.BACKUP_PASSPHRASE;
  if (given) {
    if (purpose === 'encrypt') checkLength(given, 'BACKUP_PASSPHRASE');
    return given;
  }
  if (!process.stdin.isTTY)
    throw new Error(
      `${purpose === 'encrypt' ? 'Encrypting' : 'This backup file is encrypted:'} set BACKUP_PASSPHRASE, or run the command in a terminal to type the passphrase.`,
    );
  if (purpose === 'decrypt') return askHidden('Passphrase of the backup: ');
  const passphrase = await askHidden(`Passphrase for the backup (at least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters): `);
  checkLength(passphrase, 'The passphrase');
  if ((await askHidden('The same passphrase again: ')) !== passphrase) throw new Error('The two passphrases differ: nothing was written.');
  return passphrase;
}

function checkLength(passphrase: string, what: string): void {
  if ([...passphrase].length < BACKUP_PASSPHRASE_MIN_LENGTH)
    throw new Error(`${what} must be at least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters.`);
}

/** Reads one line from the terminal in raw mode, printing nothing of it. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed.join(''));
    };
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed.push(char);
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}
