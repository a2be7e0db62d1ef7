import { createServer, type AddressInfo, type Socket } from 'node:net';

/** One message an SMTP client delivered: envelope and the raw DATA (headers and body). */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpPeer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A small SMTP server on loopback (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA with dot-
 * unstuffing, RSET, NOOP, QUIT; no TLS, no AUTH) that records what it is given, so mail delivery
 * is tested against a real peer over TCP. `rejectRecipients` are refused at RCPT with a 550.
 */
export async function startSmtpPeer(options: { rejectRecipients?: string[] } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    let dataLines: string[] = [];

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') return reply('250-smtp-peer.test greets you\r\n250-8BITMIME\r\n250 SMTPUTF8');
      if (verb === 'HELO') return reply('250 smtp-peer.test');
      if (verb === 'MAIL') {
        current = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [], data: '' };
        return reply('250 OK');
      }
      if (verb === 'RCPT') {
        const recipient = /<([^>]*)>/.exec(line)?.[1] ?? '';
        // A mailbox told to refuse: the answer a real server gives for an unknown user.
        if (options.rejectRecipients?.includes(recipient)) return reply('550 5.1.1 <' + recipient + '>: Recipient address rejected');
        current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        return reply('250 OK');
      }
      if (verb === 'DATA') {
        inData = true;
        dataLines = [];
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'RSET' || verb === 'NOOP') return reply('250 OK');
      if (verb === 'QUIT') {
        reply('221 Bye');
        return socket.end();
      }
      return reply('502 Command not implemented');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!inData) {
          command(line);
        } else if (line === '.') {
          inData = false;
          received.push({ ...current, data: dataLines.join('\r\n') });
          reply('250 OK: queued');
        } else {
          dataLines.push(line.startsWith('..') ? line.slice(1) : line);
        }
      }
    });
    socket.on('error', () => socket.destroy());
    reply('220 smtp-peer.test ESMTP ready');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
