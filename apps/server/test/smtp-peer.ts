import { createServer, type AddressInfo, type Socket } from 'node:net';

/** One message an SMTP client delivered: envelope and the raw DATA (headers and body). */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** An SMTP server on loopback that records the messages it is given. */
export interface SmtpRecorder {
  /** smtp://127.0.0.1:<port> */
  url: string;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

/** Our own peer: a recorder that can also drop connections mid-conversation. */
export interface SmtpPeer extends SmtpRecorder {
  /**
   * Closes the next `times` connections for real (the socket is destroyed, no reply) when the
   * client sends `at`: a verb (MAIL, RCPT, DATA, ...) or '.' (the end of a message's data, after
   * the peer read it all but before it answers).
   */
  dropAt(at: string, times?: number): void;
  /** Destroys every open connection now, as a peer that is killed does (the listener stays). */
  dropAll(): void;
}

/**
 * A small SMTP server on loopback (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA with dot-
 * unstuffing, RSET, NOOP, QUIT; no TLS, no AUTH) that records what it is given, so mail delivery
 * is tested against a real peer over TCP. `rejectRecipients` are refused at RCPT with a 550;
 * `dropAt` and `dropAll` close connections in the middle of a conversation.
 */
export async function startSmtpPeer(options: { rejectRecipients?: string[] } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const drops = new Map<string, number>();
  /** Whether the connection is to be dropped at `at` (and counts the drop). */
  const dropping = (at: string) => {
    const left = drops.get(at) ?? 0;
    if (left <= 0) return false;
    drops.set(at, left - 1);
    return true;
  };

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
      if (dropping(verb)) return socket.destroy();
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
          if (dropping('.')) return socket.destroy();
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
    dropAt: (at, times = 1) => drops.set(at.toUpperCase(), times),
    dropAll: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
