import sharp from "sharp";
import { writeFile } from "node:fs/promises";
import { processImage } from "./app/server/images/pipeline.server.ts";
import { makePhoneJpeg } from "./tests/support/phone-photo.ts";
const W = 7000;
let t = performance.now();
const png = await sharp({ create: { width: W, height: W, channels: 3, background: "#8899aa" } }).png({ compressionLevel: 9 }).toBuffer();
console.log("png bytes", png.length, "made in", Math.round(performance.now() - t));
await writeFile("/tmp/imgq-49mp.png", png);
const jpg = await makePhoneJpeg();
await writeFile("/tmp/imgq-12mp.jpg", jpg);
console.log("jpg bytes", jpg.length);
const opts = { masterMaxSide: 2048, widths: [320] };
for (let i = 0; i < 3; i++) { t = performance.now(); await processImage("/tmp/imgq-49mp.png", opts); console.log("49MP png", Math.round(performance.now() - t)); }
for (let i = 0; i < 3; i++) { t = performance.now(); await processImage("/tmp/imgq-12mp.jpg", opts); console.log("12MP jpg", Math.round(performance.now() - t)); }
