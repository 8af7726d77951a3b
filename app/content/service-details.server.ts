// Multi-paragraph details for /service/{slug}; read by that route's loader only.
export const serviceDetails: Record<string, string[]> = {
  "android-apps": [
    "We design and build native Android apps for consumer brands, marketplaces, logistics operators and field teams. Whether you need a customer-facing shopping app, a rider app with live location, or an internal tool that works offline in a warehouse, we treat performance on mid-range and entry-level devices as a requirement, not an afterthought.",
    "Every engagement starts with a short discovery sprint to agree on user journeys, device targets and the minimum Android version. We then work in two-week sprints with a demo build on your phone at the end of each one, so you can see progress and change direction early rather than at the end.",
    "Our typical stack is Kotlin with Jetpack Compose, Coroutines and Flow, Room for local storage, Retrofit or Ktor for networking, Hilt for dependency injection and Firebase or our own Node.js APIs on the back end. We add crash reporting, analytics and automated builds from day one.",
    "You receive a signed release on Google Play, the complete source code in your own repository, a tested release pipeline and handover documentation. After launch we monitor crashes and reviews, ship fixes and keep the app current with each new Android release.",
  ],
  "ios-apps": [
    "We build native iOS apps for iPhone and iPad that follow Apple's Human Interface Guidelines closely, so they feel familiar to your users from the first tap. Our work ranges from subscription products and booking apps to health trackers and companion apps for connected hardware.",
    "We begin with clickable prototypes tested on real devices, then move into fortnightly sprints with TestFlight builds shared with your team. App Store review requirements such as privacy labels, in-app purchase rules and sign-in options are planned in from the first sprint, which keeps launch dates predictable.",
    "Our typical stack is Swift and SwiftUI, with UIKit where a screen needs it, Combine or async/await for data flow, Core Data or SwiftData for offline storage, StoreKit for payments and push notifications through APNs. Builds and tests run automatically on every change.",
    "You get a live App Store listing under your own developer account, clean and documented source code, automated tests for critical flows and a maintenance plan that keeps the app compatible with each new iOS version and device size.",
  ],
  "cross-platform-apps": [
    "For most start-ups and many established businesses, a single cross-platform codebase is the quickest and most economical route to both app stores. We build production apps with Flutter and React Native that look native, perform well and share most of their code across Android and iOS.",
    "We help you choose the right framework honestly: Flutter when you want pixel-perfect custom design and consistent rendering, React Native when your team already works in React or TypeScript. Where a feature needs platform-specific code, such as Bluetooth, payments or background location, we write native modules rather than settle for a workaround.",
    "Typical stacks are Flutter with Dart, Riverpod or Bloc and Firebase, or React Native with TypeScript, Expo, React Query and a Node.js back end. Both come with automated testing, over-the-air update options where the stores allow them, and a single release pipeline for both platforms.",
    "You receive two store-ready apps from one repository, lower ongoing maintenance costs and a codebase your own developers can pick up easily. We stay on to ship updates, upgrade framework versions and add features as your product grows.",
  ],
  "web-development": [
    "We build websites and web applications that load quickly, rank well and are easy to use on any screen. Our projects include marketing sites, e-commerce storefronts, customer portals, booking systems and internal dashboards that replace spreadsheets and email chains.",
    "We work from your business goals backwards: who uses the site, what they need to do, and how you will measure success. Designs are reviewed as interactive prototypes, and development proceeds in short sprints with a staging site you can use throughout. Accessibility and performance budgets are checked on every release.",
    "Our usual stack is TypeScript with React, React Router or Next.js on the front end, Node.js with PostgreSQL on the back end, and hosting on AWS, Google Cloud or Vercel depending on your needs. Content-heavy sites can be connected to a headless CMS so your team edits pages without a developer.",
    "You get a production site with automated deployments, monitoring, backups and documentation, plus full ownership of the code and infrastructure accounts. Ongoing support covers security updates, hosting management and new features on a predictable monthly plan.",
  ],
  blockchain: [
    "We help businesses use blockchain where it genuinely adds value: tamper-evident records, supply-chain traceability, tokenised loyalty programmes, digital asset issuance and transparent settlement between partners. If a conventional database would serve you better, we will say so before any work begins.",
    "Projects start with a technical feasibility study covering the choice of chain, transaction costs, regulatory considerations and key management. Smart contracts are written test-first, reviewed internally line by line and prepared for an independent third-party audit before anything touches mainnet.",
    "We work with Solidity on Ethereum and EVM-compatible networks such as Polygon, Arbitrum and BNB Chain, and with Hyperledger Fabric for permissioned networks. Tooling includes Hardhat and Foundry for testing, OpenZeppelin libraries for proven contract patterns, and The Graph or custom indexers for querying on-chain data.",
    "You receive audited, verified contracts, the deployment scripts and keys handed over under a documented process, back-end integrations with your existing systems and a monitoring set-up that alerts you to unusual on-chain activity.",
  ],
  dapps: [
    "A decentralised application is only as good as its user experience. We build dApps such as NFT marketplaces, DeFi dashboards, DAO governance portals and token-gated communities that people without a crypto background can use confidently.",
    "We design the on-chain and off-chain parts together, deciding carefully what must live in a smart contract and what belongs in a conventional back end for speed and cost. Wallet connection, transaction signing and network switching are designed as clear, guided steps with plain-language error messages.",
    "Our typical stack combines React and TypeScript with wagmi, viem and WalletConnect on the front end, Solidity contracts tested with Foundry, IPFS or Arweave for decentralised storage, and Node.js services for indexing, notifications and analytics.",
    "You get a working dApp deployed to your chosen networks, audited contracts, a hosted front end with a fallback on decentralised storage, and documentation for your community and developers. We also support upgrades, new network launches and security reviews after go-live.",
  ],
  "game-development": [
    "We develop casual, hyper-casual and mid-core games for Android, iOS, the web and PC, as well as gamified experiences for brands, education and training. Our team covers game design, art direction, programming, sound integration and live operations.",
    "Every game starts with a playable prototype within the first few weeks so that the core loop can be tested for fun before we invest in content. We then build in milestones such as vertical slice, beta and soft launch, using player data from each stage to tune difficulty, retention and monetisation.",
    "We build mainly with Unity and C#, and with Godot or Phaser for lightweight web games. Back-end features such as accounts, leaderboards, multiplayer, cloud saves and remote configuration run on PlayFab, Firebase or a custom Node.js service. Analytics and ad mediation are integrated from the outset.",
    "You receive a store-ready game, the full project and art source files, a build pipeline and a live-ops plan for events and updates. After launch we can run updates, balance changes and new content drops on a monthly support plan.",
  ],
  crm: [
    "We build custom CRM platforms and extend existing ones so that leads, customers, deals and support tickets live in one place. Typical projects include sales pipelines for B2B teams, patient and member management, dealer and distributor portals and service desks with SLA tracking.",
    "We start by sitting with the people who will use the system every day, mapping their current process and the spreadsheets they rely on. From there we design clear pipelines, role-based access and automations, then migrate your existing data carefully with validation checks at each step.",
    "Depending on your needs we build a bespoke CRM on React, Node.js and PostgreSQL, or customise and integrate Salesforce, HubSpot or Zoho CRM. We connect it to email, WhatsApp Business, telephony, accounting software and your website forms so that nothing is entered twice.",
    "You get a CRM your team adopts, with dashboards that show pipeline and service performance at a glance, training sessions and user guides, and ongoing support for new workflows, reports and integrations as your business changes.",
  ],
  saas: [
    "We help founders and established companies turn an idea or an internal tool into a subscription software product. That covers new SaaS builds from a minimum viable product onwards, as well as rebuilding ageing single-customer systems into a secure multi-tenant platform.",
    "We scope a focused first release that proves value to paying customers, then iterate in fortnightly sprints guided by usage data and customer feedback. Tenant isolation, permissions, audit logs and data export are designed in from the beginning, because they are expensive to add later.",
    "Our usual stack is TypeScript end to end: React on the front end, Node.js services with PostgreSQL, Redis for queues and caching, Stripe or Razorpay for subscription billing, and infrastructure as code on AWS or Google Cloud with automated testing and zero-downtime deployments.",
    "You get a production SaaS platform with billing, onboarding, an admin console, monitoring and documented infrastructure in your own cloud account. We remain available as your engineering partner for new features, scaling work and security reviews as your customer base grows.",
  ],
};
