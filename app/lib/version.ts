// The release this build is: package.json's version, inlined by the bundlers at build time, so the
// built artifact knows it without a package.json beside it (decision 0064).
import { version } from "../../package.json";

export const APP_VERSION: string = version;
