/**
 * A PDF locked with a user password, as Acrobat's "Password to open" makes it: the standard security handler,
 * revision 3 (RC4, 128-bit key; ISO 32000-1 §7.6.3, algorithms 1, 2, 3 and 5), which pdf.js reads. pdf-lib draws
 * the pages but cannot encrypt, so every stream is encrypted here with its object's key; the document carries no
 * strings outside its streams (no metadata), so nothing else needs it. Plain TypeScript: it runs in Node and in
 * the browser tests.
 */
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { md5 } from './md5';

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
const PAD = Uint8Array.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a'.match(/../g)!.map((h) => parseInt(h, 16)),
);
const KEY_BYTES = 16;
/** Every permission (bits 1 and 2 clear, the rest set). */
const PERMISSIONS = -4;

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

/** The password's bytes (Latin-1) completed with the padding string to 32 bytes (algorithm 2, step a). */
function padded(password: string): Uint8Array {
  const out = new Uint8Array(32);
  const own = Uint8Array.from(password.slice(0, 32), (c) => c.charCodeAt(0) & 255);
  out.set(own);
  out.set(PAD.subarray(0, 32 - own.length), own.length);
  return out;
}

/** RC4 with `key`, then 19 more times with the key's bytes XOR 1..19 (algorithms 3 and 5, revision 3). */
function rc4Rounds(key: Uint8Array, data: Uint8Array): Uint8Array {
  let out = rc4(key, data);
  for (let i = 1; i <= 19; i++)
    out = rc4(
      key.map((b) => b ^ i),
      out,
    );
  return out;
}

/** MD5, then 50 more times over the key's bytes (revision 3). */
function stretch(hash: Uint8Array): Uint8Array {
  let h = hash;
  for (let i = 0; i < 50; i++) h = md5(h.subarray(0, KEY_BYTES));
  return h.subarray(0, KEY_BYTES);
}

/** `plain` (a PDF with no object streams and no strings outside streams) locked with `userPassword`. */
export async function encryptPdf(
  plain: Uint8Array,
  userPassword: string,
  ownerPassword = 'owner',
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(plain, { updateMetadata: false });
  const id = md5(new TextEncoder().encode(`tabwise-${userPassword}-${plain.length}`));
  const o = rc4Rounds(stretch(md5(padded(ownerPassword))), padded(userPassword));
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, PERMISSIONS, true);
  const key = stretch(md5(padded(userPassword), o, p, id));
  const u = new Uint8Array(32);
  u.set(rc4Rounds(key, md5(PAD, id)));
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const { objectNumber: n, generationNumber: g } = ref;
    const objectKey = md5(key, Uint8Array.of(n & 255, (n >> 8) & 255, (n >> 16) & 255, g & 255, (g >> 8) & 255));
    doc.context.assign(ref, PDFRawStream.of(object.dict, rc4(objectKey.subarray(0, 16), object.contents)));
  }
  const encrypt = doc.context.obj({
    Filter: PDFName.of('Standard'),
    V: PDFNumber.of(2),
    R: PDFNumber.of(3),
    Length: PDFNumber.of(128),
    P: PDFNumber.of(PERMISSIONS),
    O: PDFHexString.of(hex(o)),
    U: PDFHexString.of(hex(u)),
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  const ids = PDFArray.withContext(doc.context);
  ids.push(PDFHexString.of(hex(id)));
  ids.push(PDFHexString.of(hex(id)));
  doc.context.trailerInfo.ID = ids;
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}
