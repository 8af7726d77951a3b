import type { CaseStudy } from "./types";

// Two case studies with the results claimed in SPEC §9.
export const caseStudies: CaseStudy[] = [
  {
    id: "ecommerce-suite",
    title: "Multi-App E-Commerce Suite",
    subtitle: "Customer, vendor and delivery apps with a unified admin panel",
    description:
      "A growing regional marketplace was running orders through phone calls, spreadsheets and a dated website, and deliveries were routinely late because vendors and riders had no shared view of an order. We designed and built a connected suite of four products: a customer app for browsing, ordering and live tracking; a vendor app for managing catalogues, stock and incoming orders; a delivery app with optimised routes and proof of delivery; and a web admin panel for operations, payouts and reporting. All four share one back end, so every order moves through the same real-time pipeline from checkout to doorstep.",
    technologies: ["Flutter", "React", "TypeScript", "Node.js", "PostgreSQL", "Redis", "Google Maps Platform", "Razorpay"],
    features: [
      "Customer app with product search, wish lists, secure checkout and live order tracking",
      "Vendor app with catalogue and stock management, order acceptance and daily sales summaries",
      "Delivery app with route optimisation, batched pickups and photo or OTP proof of delivery",
      "Admin panel for vendor onboarding, commission rules, payouts and refunds",
      "Real-time order status shared across all four apps through push notifications",
      "Operations dashboard with delivery times, order volumes and vendor performance reports",
    ],
    result: "40% fewer delivery delays and 65% better vendor order efficiency within the first quarter after launch.",
    img: "/images/cases/ecommerce-suite.svg",
  },
  {
    id: "anime-streaming",
    title: "Creative Content and Anime Streaming Platform",
    subtitle: "Streaming, community and creator tools for anime fans",
    description:
      "An independent media company wanted a home for licensed anime, original short films and fan-made creative work, with a community around it rather than just a video library. We built a streaming platform for web, Android and iOS with adaptive video playback, multilingual subtitles, personalised recommendations and a creator studio where artists upload and publish their own content after moderation. Free and premium tiers, watch parties and episode discussions keep viewers returning between releases.",
    technologies: ["React", "React Native", "TypeScript", "Node.js", "MongoDB", "AWS MediaConvert", "Amazon CloudFront", "Stripe"],
    features: [
      "Adaptive HLS streaming that adjusts quality to each viewer's connection",
      "Multilingual subtitles and audio tracks with per-profile language preferences",
      "Personalised recommendations, watch lists and continue-watching across devices",
      "Creator studio for uploading, scheduling and moderating original work",
      "Free and premium subscription tiers with secure recurring billing",
      "Watch parties and episode discussion threads for the community",
    ],
    result:
      "Reached over 10,000 active users in 3 months from launch, with strong engagement across both the streaming library and the creator community.",
    img: "/images/cases/anime-streaming.svg",
  },
];
