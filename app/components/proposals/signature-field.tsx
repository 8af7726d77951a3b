import { useEffect, useRef, useState } from "react";

// An optional drawn signature (decision 0093): signature_pad is loaded in the browser only, when
// the form is on screen, and the strokes are kept as SVG path data in a hidden field. Without
// JavaScript the field stays empty and the typed name is the signature.

type Pad = { clear(): void; isEmpty(): boolean; toData(): { points: { x: number; y: number }[] }[]; off(): void };

/** The strokes as path data ("M x y L x y …"), what the model accepts and the signed PDF draws. */
function pathData(strokes: { points: { x: number; y: number }[] }[]): string {
  return strokes
    .filter((s) => s.points.length > 0)
    .map((s) => s.points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(" "))
    .join(" ");
}

export function SignatureField() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<Pad | null>(null);
  const [ready, setReady] = useState(false);
  const [value, setValue] = useState("");

  useEffect(() => {
    let cancelled = false;
    void import("signature_pad").then(({ default: SignaturePad }) => {
      if (cancelled || !canvas.current) return;
      const instance = new SignaturePad(canvas.current, { penColor: "#0f172a", backgroundColor: "rgba(0,0,0,0)" });
      instance.addEventListener("endStroke", () => setValue(pathData(instance.toData())));
      pad.current = instance;
      setReady(true);
    });
    return () => {
      cancelled = true;
      pad.current?.off();
    };
  }, []);

  return (
    <fieldset className="mt-4" hidden={!ready}>
      <legend className="field-label">Draw your signature (optional)</legend>
      <canvas
        ref={canvas}
        width={480}
        height={140}
        role="img"
        aria-label="Signature drawing area"
        className="block w-full max-w-md touch-none rounded-lg border border-slate-300 bg-white dark:border-slate-600"
      />
      <input type="hidden" name="drawnSignature" value={value} />
      <button
        type="button"
        className="btn-secondary mt-2"
        onClick={() => {
          pad.current?.clear();
          setValue("");
        }}
      >
        Clear drawing
      </button>
    </fieldset>
  );
}
