import { Alert, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

/**
 * The browser's own BarcodeDetector where it has one (Chrome on Android and macOS), else the zxing-wasm
 * polyfill with its WebAssembly served by us, not a CDN. Loaded only when someone opens the camera.
 */
async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;
  if (native) return new native({ formats: ["qr_code"] });
  const [{ BarcodeDetector, setZXingModuleOverrides }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  setZXingModuleOverrides({ locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) });
  return new BarcodeDetector({ formats: ["qr_code"] });
}

/** How often a frame is read, and how long the same code is not read again (it stays in front of the camera). */
const FRAME_MS = 200;
const SAME_CODE_MS = 4000;

/** The camera, reading QR codes until it is taken off the page; each new code goes to `onCode`. */
export default function Scanner({ onCode }: { onCode(text: string): void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"starting" | "scanning" | "failed">("starting");
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    const last = { text: "", at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        const el = video.current;
        if (stopped || !el) return;
        el.srcObject = stream;
        await el.play();
        const detector = await qrDetector();
        setState("scanning");
        while (!stopped) {
          if (el.readyState >= 2) {
            const [code] = await detector.detect(el);
            const now = Date.now();
            if (code && (code.rawValue !== last.text || now - last.at > SAME_CODE_MS)) {
              last.text = code.rawValue;
              last.at = now;
              onCodeRef.current(code.rawValue);
            }
          }
          await new Promise((r) => setTimeout(r, FRAME_MS));
        }
      } catch {
        if (!stopped) setState("failed");
      }
    })();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Stack gap="xs" data-scanner={state}>
      {state === "failed" ? (
        <Alert color="red" role="alert">
          {t("checkin.scan.noCamera")}
        </Alert>
      ) : (
        <Text size="sm" aria-live="polite">
          {t(state === "starting" ? "checkin.scan.starting" : "checkin.scan.hint")}
        </Text>
      )}
      <video
        ref={video}
        muted
        playsInline
        aria-label={t("checkin.scan.video")}
        style={{ width: "100%", maxHeight: "50vh", objectFit: "cover", background: "#000", borderRadius: 8 }}
      />
    </Stack>
  );
}
