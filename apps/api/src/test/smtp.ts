import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

/** A real SMTP server in-process: the app delivers to it over TCP, tests read what arrived. */
export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to `address` (that `matching` accepts), waiting up to `timeoutMs` for it to arrive. */
    async waitFor(address: string, timeoutMs = 5000, matching: (mail: CapturedMail) => boolean = () => true): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(address) && matching(m)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function decodeQuotedPrintable(raw: string): string {
  // The escaped bytes are UTF-8: a run of them is one or more characters (ö is =C3=B6).
  return raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString('utf8'),
  );
}

/** The set-password or reset link in a mail. */
export function extractResetLink(mail: CapturedMail): { link: string; token: string } {
  const match = mail.text.match(/https?:\/\/[^\s"<>]+\/auth\/reset-password\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error('no reset link in mail');
  return { link: match[0], token: match[1]! };
}
