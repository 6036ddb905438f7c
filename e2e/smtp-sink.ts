/**
 * The browser journeys' mail server: a real SMTP server on loopback (the smtp-server package) that the API
 * under test sends every e-mail to, as it would to a company's relay. What it receives is parsed
 * (mailparser) and kept in memory; an HTTP endpoint on the next port lists it, newest first, in the shape
 * of the API's development outbox, so the journeys read the mails the browser's user would get.
 * Usage: tsx smtp-sink.ts <smtpPort>   (HTTP on smtpPort + 1: GET /health, GET /messages?to=)
 */
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  headers: Record<string, string>;
  createdAt: string;
}

const LINK = /https?:\/\/[^\s"'<>]+/g;
const smtpPort = Number(process.argv[2] ?? 3125);
const received: SunkMail[] = [];
let sequence = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 5 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const text = mail.text ?? '';
        const headers: Record<string, string> = {};
        for (const line of mail.headerLines)
          headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
        for (const rcpt of session.envelope.rcptTo) {
          sequence += 1;
          received.push({
            id: String(sequence),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: rcpt.address.toLowerCase(),
            subject: mail.subject ?? '',
            text,
            html: typeof mail.html === 'string' ? mail.html : '',
            links: [...new Set(text.match(LINK) ?? [])],
            headers,
            createdAt: new Date().toISOString(),
          });
        }
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink');
    if (url.pathname === '/health') {
      res.writeHead(200).end('ok');
      return;
    }
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const mails = received.filter((m) => !to || m.to === to).reverse();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
      return;
    }
    res.writeHead(404).end();
  })
  .listen(smtpPort + 1, '127.0.0.1');
