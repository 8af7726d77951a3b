import { z } from "zod";

// Zod 4 probes `new Function` to decide on JIT parsing; our CSP forbids eval, so the probe would
// log a violation. Jitless parsing is fast enough for forms.
z.config({ jitless: true });

export { z };
