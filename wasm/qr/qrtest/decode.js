// Reads QR code symbols with jsQR (an independent decoder, npm jsqr) from
// the file named by the first argument: for each, its width in pixels as
// a 32-bit little-endian integer, then its RGBA pixels. Prints one line a
// symbol: the bytes read, in hex, or "-" where jsQR finds no code.
"use strict";
const jsQR = require("jsqr");
const buf = require("fs").readFileSync(process.argv[1]);
const out = [];
for (let at = 0; at < buf.length;) {
  const w = buf.readUInt32LE(at);
  const px = new Uint8ClampedArray(buf.buffer, buf.byteOffset + at + 4, w * w * 4);
  at += 4 + w * w * 4;
  const r = jsQR(px, w, w, { inversionAttempts: "dontInvert" });
  out.push(r ? Buffer.from(r.binaryData).toString("hex") : "-");
}
console.log(out.join("\n"));
