// Just enough of PNG to read a browser's screenshot: 8-bit RGB or RGBA, not interlaced.
import { inflateSync } from "node:zlib";

/** { width, height, pixel(x, y) -> [r, g, b] } of a PNG's bytes. */
export function readPng(bytes) {
  const data = Buffer.from(bytes);
  if (data.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG");
  let at = 8;
  let header = null;
  const idat = [];
  while (at < data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString("latin1", at + 4, at + 8);
    const body = data.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") header = body;
    else if (type === "IDAT") idat.push(body);
    at += 12 + length;
  }
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const [depth, colour, interlace] = [header[8], header[9], header[12]];
  if (depth !== 8 || ![2, 6].includes(colour) || interlace) {
    throw new Error(`PNG of depth ${depth}, colour type ${colour}, interlace ${interlace}`);
  }
  const bpp = colour === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[y * stride + x - bpp] : 0;
      const b = y ? out[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y ? out[(y - 1) * stride + x - bpp] : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const predicted = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      out[y * stride + x] = (line[x] + predicted) & 0xff;
    }
  }
  return {
    width,
    height,
    pixel: (x, y) => [...out.subarray(y * stride + x * bpp, y * stride + x * bpp + 3)],
  };
}

/** How many different colours (to 4 bits a channel) the box of the picture shows. */
export function coloursIn(png, { x, y, width, height }) {
  const seen = new Set();
  for (let j = Math.max(0, Math.floor(y)); j < Math.min(png.height, y + height); j += 2) {
    for (let i = Math.max(0, Math.floor(x)); i < Math.min(png.width, x + width); i += 2) {
      const [r, g, b] = png.pixel(i, j);
      seen.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
    }
  }
  return seen.size;
}
