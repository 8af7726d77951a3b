import type { Testimonial } from "./types";

// Demo testimonials shown until (or alongside) the live Testimonial records arrive.
export const demoTestimonials: Testimonial[] = [
  {
    id: "t1",
    review:
      "Indigo Kite rebuilt our courier booking app from the ground up. Crash reports dropped to almost nothing, and our drivers finally stopped complaining about the app freezing on older phones.",
    name: "Rachel Simmons, Founder, Parcelry (UK)",
    category: "Mobile App",
  },
  {
    id: "t2",
    review:
      "They took the time to understand clinical workflows before writing a line of code. Our patient portal launched on schedule and passed our security review without a single major finding.",
    name: "Dr. Michael Carter, CTO, Northbeam Health (USA)",
    category: "Web Platform",
  },
  {
    id: "t3",
    review:
      "The team explained every trade-off of our tokenised rewards programme in plain language. The contracts were audited cleanly, and our finance team trusts the on-chain records completely.",
    name: "Vikram Desai, Director, Saffron Ledger (India)",
    category: "Blockchain",
  },
  {
    id: "t4",
    review:
      "Our dispatchers used to juggle three spreadsheets and a shared inbox. The custom CRM brought everything into one place, and quote turnaround went from days to hours.",
    name: "Daniel Tremblay, Operations Manager, Maple Freight (Canada)",
    category: "CRM",
  },
  {
    id: "t5",
    review:
      "We came to them with a rough prototype and left with a subscription product our customers pay for every month. Fortnightly demos meant there were never any surprises.",
    name: "Emily Watson, Co-Founder, Quillstream (USA)",
    category: "SaaS",
  },
  {
    id: "t6",
    review:
      "Our storefront is noticeably faster and much easier for our merchandising team to update. Indigo Kite still looks after hosting and updates, and they respond quickly whenever we need them.",
    name: "Oliver Bennett, Head of Digital, Tandem Retail (UK)",
    category: "Web Platform",
  },
  {
    id: "t7",
    review:
      "The puzzle game they built for our brand campaign was fun enough that people kept playing long after the campaign ended. The playable prototype in week two sold the idea to our board.",
    name: "Sophie Leclerc, Marketing Lead, Orbitly (Canada)",
    category: "Game",
  },
  {
    id: "t8",
    review:
      "One Flutter codebase now serves our students on both Android and iOS, including offline lessons for areas with weak connectivity. Enrolments through the app have grown steadily since launch.",
    name: "Ananya Kulkarni, Product Head, Lotus Learning (India)",
    category: "Mobile App",
  },
];
