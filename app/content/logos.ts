import type { ClientLogo } from "./types";

// Trusted-by strip; artwork lives in public/images/logos/.
export const clientLogos: ClientLogo[] = [
  { name: "Parcelry", img: "/images/logos/parcelry.svg" },
  { name: "Northbeam Health", img: "/images/logos/northbeam-health.svg" },
  { name: "Saffron Ledger", img: "/images/logos/saffron-ledger.svg" },
  { name: "Maple Freight", img: "/images/logos/maple-freight.svg" },
  { name: "Quillstream", img: "/images/logos/quillstream.svg" },
  { name: "Tandem Retail", img: "/images/logos/tandem-retail.svg" },
  { name: "Orbitly", img: "/images/logos/orbitly.svg" },
  { name: "Lotus Learning", img: "/images/logos/lotus-learning.svg" },
];
