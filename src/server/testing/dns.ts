// A real DNS server for tests (UDP on a random local port, RFC 1035 messages), not a mock: the
// server under test asks it through DNS_SERVERS with node's resolver, and the test decides which
// TXT records exist. Used by the custom-domain tests, server and browser.
import dgram from 'node:dgram';

export interface TestDns {
  /** `127.0.0.1:{port}`, for DNS_SERVERS / config.dnsServers. */
  server: string;
  /** TXT records by name (lower case, no trailing dot); a name absent here is NXDOMAIN. */
  txt: Map<string, string[]>;
  /** Names asked for, in order. */
  queries: string[];
  close(): Promise<void>;
}

const TYPE_TXT = 16;
const CLASS_IN = 1;

/** The question's name and where the question (name, type, class) ends, or null when malformed. */
function readQuestion(msg: Buffer): { name: string; type: number; end: number } | null {
  let at = 12;
  const labels: string[] = [];
  for (;;) {
    const len = msg[at];
    if (len === undefined || len > 63) return null; // no compression in a question we sent ourselves
    at++;
    if (len === 0) break;
    if (at + len > msg.length) return null;
    labels.push(msg.subarray(at, at + len).toString('latin1'));
    at += len;
  }
  if (at + 4 > msg.length) return null;
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at), end: at + 4 };
}

/** One TXT record's RDATA: its text in character-strings of at most 255 bytes. */
function txtData(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i === 0 || i < bytes.length; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

function answer(query: Buffer, txt: Map<string, string[]>, queries: string[]): Buffer | null {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return null;
  const q = readQuestion(query);
  if (!q) return null;
  queries.push(q.name);
  const records = txt.get(q.name);
  const answers = records && q.type === TYPE_TXT ? records : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // id
  const rd = query.readUInt16BE(2) & 0x0100;
  // QR, AA, RD as asked, RA; RCODE 3 (NXDOMAIN) for a name that does not exist.
  header.writeUInt16BE(0x8000 | 0x0400 | rd | 0x0080 | (records ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const body = answers.map((text) => {
    const rdata = txtData(text);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    rr.writeUInt16BE(TYPE_TXT, 2);
    rr.writeUInt16BE(CLASS_IN, 4);
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  return Buffer.concat([header, query.subarray(12, q.end), ...body]);
}

export async function startDns(): Promise<TestDns> {
  const txt = new Map<string, string[]>();
  const queries: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, peer) => {
    const reply = answer(msg, txt, queries);
    if (reply) socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return {
    server: `127.0.0.1:${socket.address().port}`,
    txt,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
