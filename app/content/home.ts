import { site } from "./site";
import { services } from "./services";

// Copy for the home page sections (SPEC §2, route "/").
export const hero = {
  headline: "We build software your customers love to use.",
  tagline:
    "Mobile apps, web platforms, blockchain, games, CRM and SaaS, designed and engineered in Pune for ambitious businesses in India, the USA, Canada and the United Kingdom.",
};

export const collaboration = {
  heading: "Have an idea? Let's build it together.",
  body: "Tell us what you want to build and we will call you back within 24 hours to talk it through. You get an honest assessment, a clear plan and a written estimate before you commit to anything.",
};

export const processSteps: { title: string; body: string }[] = [
  {
    title: "Discover",
    body: "We learn about your business, your users and your goals, then agree on scope, priorities and how we will measure success.",
  },
  {
    title: "Design",
    body: "We turn ideas into wireframes and clickable prototypes, testing them with real users before a line of production code is written.",
  },
  {
    title: "Build",
    body: "We develop in two-week sprints with a working demo at the end of each one, automated testing throughout and progress you can see in the client portal.",
  },
  {
    title: "Support",
    body: "After launch we monitor, maintain and improve your product, with security updates, new features and a dedicated point of contact.",
  },
];

export const stats: { value: string; label: string }[] = [
  { value: "120+", label: "Projects delivered" },
  { value: String(site.countriesServed.length), label: "Countries served" },
  { value: String(services.length), label: "Service lines" },
  { value: "24 h", label: "Callback promise" },
];

export const faqs: { question: string; answer: string }[] = [
  {
    question: "How quickly will you respond to my enquiry?",
    answer:
      "We call you back within 24 hours of receiving your quote request. The call is a no-obligation conversation about your goals, timeline and budget, and you will receive a written proposal shortly afterwards.",
  },
  {
    question: "How does billing work?",
    answer:
      "Our services are sold as a six-month subscription, paid upfront. Any monthly payments are due by the 5th of each month, and third-party costs such as hosting or app store fees are billed separately. Full details are in our Terms of Service.",
  },
  {
    question: "Who owns the code and designs?",
    answer:
      "You do. Once the fees for a deliverable are paid, the custom code, designs and documentation we create for you are yours, and we hand over the repositories and accounts.",
  },
  {
    question: "Should I build native apps or a cross-platform app?",
    answer:
      "For most products a single Flutter or React Native codebase reaches Android and iOS faster and costs less to maintain. If your app needs heavy graphics or deep hardware access, native Kotlin and Swift may be the better choice, and we will recommend what suits your product.",
  },
  {
    question: "Do you support the product after launch?",
    answer:
      "Yes. We monitor performance, fix issues, apply security and operating system updates, and build new features. You can raise and track support requests at any time through the client portal.",
  },
];
