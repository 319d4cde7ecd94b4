import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Where the capturing SMTP server writes each mail, for tests in other processes to read. */
export const MAIL_DIR = join(import.meta.dirname, '../.artifacts/mail');

interface StoredMail {
  to: string[];
  text: string;
  receivedAt: number;
}

export async function startMailCapture(port: number) {
  mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const text = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        const mail: StoredMail = { to: session.envelope.rcptTo.map((r) => r.address), text, receivedAt: Date.now() };
        writeFileSync(join(MAIL_DIR, `${Date.now()}-${n++}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The newest set-password or reset link mailed to `address`, waiting for it to arrive. */
export async function waitForResetLink(address: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readdirSync(MAIL_DIR)
      .sort()
      .map((file) => JSON.parse(readFileSync(join(MAIL_DIR, file), 'utf8')) as StoredMail)
      .filter((mail) => mail.to.includes(address.toLowerCase()));
    // Other mail (a notification of the same event) may arrive after it: the newest mail with a link.
    const pattern = /https?:\/\/[^\s"<>]+\/auth\/reset-password\/[A-Za-z0-9_-]+/;
    const link = mails
      .filter((mail) => pattern.test(mail.text))
      .at(-1)
      ?.text.match(pattern)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no reset link mailed to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The text of the newest mail to `address` that `matching` accepts, waiting for it to arrive. */
export async function waitForMail(address: string, matching: (text: string) => boolean, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readdirSync(MAIL_DIR)
      .sort()
      .map((file) => JSON.parse(readFileSync(join(MAIL_DIR, file), 'utf8')) as StoredMail)
      .filter((mail) => mail.to.includes(address.toLowerCase()) && matching(mail.text))
      .at(-1);
    if (found) return found.text;
    if (Date.now() > deadline) throw new Error(`no matching mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
