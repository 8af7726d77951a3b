import type { LeadershipEntry } from "./types";

// Two leadership entries (SPEC §3, §9).
export const leadership: LeadershipEntry[] = [
  {
    id: "ceo",
    name: "Arjun Mehta",
    title: "CEO and Founder",
    quote:
      "Good software is a promise kept over years, not a launch-day headline. We measure ourselves by whether our clients are still glad they chose us long after the first release.",
    image: "/images/leadership/ceo.svg",
  },
  {
    id: "coo",
    name: "Priya Nair",
    title: "COO and Co-Founder",
    quote:
      "Clear plans, honest timelines and a team that answers the phone are what turn a good idea into a working product. That discipline is what we bring to every project, large or small.",
    image: "/images/leadership/coo.svg",
  },
];
