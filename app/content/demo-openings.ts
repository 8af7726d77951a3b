// Demo job openings seeded into an empty database (DEMO_CONTENT=off disables).
export const demoOpenings = [
  {
    id: "demo-senior-react-native",
    title: "Senior React Native Developer",
    location: "Pune, India (hybrid)",
    type: "Full-time",
    salary: "₹18–26 LPA",
    description:
      "Lead the mobile side of client products used by hundreds of thousands of people. You will own features from design review to store release, mentor two mid-level developers and work directly with clients in the UK and Canada on scope and trade-offs. Most of our apps share one React Native codebase with native modules where performance demands it.",
    requirements: [
      "5+ years building mobile apps, at least 3 with React Native in production",
      "Strong TypeScript and a working knowledge of Kotlin or Swift for native modules",
      "Experience shipping to both the App Store and Google Play, including review fixes",
      "Comfort with automated testing (Jest, Detox or Maestro) and CI pipelines",
      "Clear written English for client-facing updates",
    ],
  },
  {
    id: "demo-full-stack-node",
    title: "Full-Stack Engineer (Node.js / React)",
    location: "Remote (India)",
    type: "Full-time",
    salary: "₹12–20 LPA",
    description:
      "Build web platforms and SaaS products end to end: React front ends, Node.js services and PostgreSQL databases. You will join a four-person squad working in two-week sprints with a demo at the end of each, and you will have a real say in architecture and tooling.",
    requirements: [
      "3+ years with React and Node.js in production",
      "Solid SQL and data modelling with PostgreSQL or MySQL",
      "Experience with REST or GraphQL API design and authentication",
      "Habit of writing tests and reviewing code thoughtfully",
    ],
  },
  {
    id: "demo-ui-ux-designer",
    title: "UI/UX Designer",
    location: "Pune, India",
    type: "Full-time",
    salary: "₹9–14 LPA",
    description:
      "Turn client ideas into clear, accessible interfaces. You will run discovery workshops, build wireframes and clickable prototypes in Figma, test them with real users and hand over design systems our engineers love to build from.",
    requirements: [
      "A portfolio showing mobile and web product work, including your process",
      "Fluency in Figma, components and auto-layout",
      "Working knowledge of WCAG 2.1 accessibility guidelines",
      "Experience running usability tests and acting on the results",
    ],
  },
  {
    id: "demo-qa-automation-intern",
    title: "QA Automation Intern",
    location: "Pune, India",
    type: "Internship (6 months)",
    salary: "₹25,000 per month stipend",
    description:
      "Learn how professional teams ship reliable software. You will write automated end-to-end tests for web and mobile apps, help triage bugs with developers and improve our release checklists. Strong interns are offered full-time roles.",
    requirements: [
      "Final-year student or recent graduate in computer science or a related field",
      "Basic JavaScript or Python",
      "Curiosity and a careful eye for detail",
    ],
  },
] as const;
