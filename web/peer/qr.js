// QR codes: drawn with qrcode-generator as an SVG built through DOM calls (never markup from a
// string), and read from the camera with jsQR. The scanner stops the camera when it has read a
// code, when it is cancelled and when it fails: a camera left on is a light left on.

import qrcode from "../vendor/peer/qrcode.js";
import jsQR from "../vendor/peer/jsqr.js";

const SVG = "http://www.w3.org/2000/svg";
/** A longer text would make a code too dense for a phone's camera at arm's length. */
export const MAX_QR_CHARS = 1000;
const QUIET = 4; // the blank border a reader needs, in modules
/** Frames are read at most this often, to leave the processor to the page. */
const SCAN_INTERVAL_MS = 120;
/** A frame is scaled to at most this wide before decoding. */
const SCAN_WIDTH = 640;

/**
 * Draw `text` as a QR code into `container` (emptied first) and return the <svg>. `label` is
 * what a screen reader says for it.
 */
export function drawQr(text, container, label = "QR code") {
  if (typeof text !== "string" || text.length === 0 || text.length > MAX_QR_CHARS) {
    throw new Error(`a QR code holds 1 to ${MAX_QR_CHARS} characters`);
  }
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const count = code.getModuleCount();
  const size = count + 2 * QUIET;
  let d = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (code.isDark(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    }
  }
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.dataset.modules = String(count);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  const marks = document.createElementNS(SVG, "path");
  marks.setAttribute("d", d);
  marks.setAttribute("fill", "#000");
  svg.append(back, marks);
  container.replaceChildren(svg);
  return svg;
}

/** Decode a QR code in an ImageData (or anything with data, width, height); null if none. */
export function readQr(image) {
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
  return found ? found.data : null;
}

/**
 * Read QR codes from the camera shown in `video` until `accept(text)` returns true for one; the
 * promise gives that text. `scanner.stop()` cancels (the promise then rejects with "cancelled").
 * The camera is stopped in every case.
 */
export function scanQr(video, accept = () => true) {
  let stream = null;
  let timer = null;
  let stopped = false;
  let fail = () => {};
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream?.getTracks() ?? []) track.stop();
    video.srcObject = null;
  };
  const done = new Promise((resolve, reject) => {
    fail = (error) => {
      stop();
      reject(error);
    };
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });
    const look = () => {
      if (stopped) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const scale = Math.min(1, SCAN_WIDTH / video.videoWidth);
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const text = readQr(context.getImageData(0, 0, canvas.width, canvas.height));
        if (text !== null && accept(text)) {
          stop();
          resolve(text);
          return;
        }
      }
      timer = setTimeout(look, SCAN_INTERVAL_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then((camera) => {
        stream = camera;
        if (stopped) return stop(); // cancelled while the browser asked for the camera
        video.srcObject = camera;
        video.muted = true;
        video.setAttribute("playsinline", "");
        return video.play().then(look);
      })
      .catch((error) => fail(new Error(`the camera could not be used: ${error.message}`)));
  });
  return {
    done,
    stop: () => {
      if (!stopped) fail(new Error("cancelled"));
    },
  };
}
