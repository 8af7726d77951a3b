import { formatAddress, site } from "./site";

// Legal texts for /terms and /privacy. The billing and retention facts are fixed by SPEC §9.
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

const updated = "21 November 2026";

export const terms: { updated: string; sections: LegalSection[] } = {
  updated,
  sections: [
    {
      heading: "1. About these terms",
      paragraphs: [
        `These Terms of Service govern every engagement between ${site.name} ("we", "us", "our"), of ${formatAddress()}, and the client who orders our services ("you"). They apply to software development, design, maintenance, hosting management and support services, and to your use of our website and client portal.`,
        "By accepting a proposal, paying an invoice or using the client portal, you agree to these terms. Where a signed statement of work or proposal sets out project-specific details such as scope, deliverables or milestones, it forms part of this agreement; if the two conflict, the signed document prevails for that project only.",
      ],
    },
    {
      heading: "2. Scope of services",
      paragraphs: [
        "The scope of each engagement is described in the proposal or statement of work we agree with you. Work outside that scope, including new features, additional platforms or changes to agreed designs, is treated as a change request and is estimated and approved in writing before we begin.",
        "We will carry out the services with reasonable skill and care, using suitably qualified people, and will keep you informed of progress through regular demonstrations and the client portal.",
      ],
    },
    {
      heading: "3. Subscription, payments and suspension",
      paragraphs: [
        "Our services are sold as a six-month subscription, paid upfront. The subscription fee for each six-month term is invoiced at the start of the term and must be paid before work begins.",
        "Monthly payments are due by the 5th of each month. This applies to any charges billed monthly under your agreement, such as maintenance and support plans, hosting management or additional development hours.",
        "If a payment is still unpaid by the 15th of the month, your service is suspended. During suspension we pause development, support and any managed services until all outstanding amounts are paid in full; the service resumes once payment has been received.",
        "All prices are stated exclusive of applicable taxes, including GST, which are added to invoices at the prevailing rate.",
      ],
    },
    {
      heading: "4. Third-party charges",
      paragraphs: [
        "Charges from third parties, such as cloud hosting, domain names, app store developer accounts, paid APIs, software licences, SMS or e-mail delivery and payment gateway fees, are not included in our subscription fee. Third-party charges are billed separately, and must be settled within 5 business days of our invoice.",
        "Where possible we will set up third-party accounts in your name so that you hold them directly. Where we pay a third party on your behalf, we pass the cost on at the amount charged to us.",
      ],
    },
    {
      heading: "5. Your responsibilities",
      paragraphs: [
        "You agree to provide timely feedback, content, access to accounts and systems, and decisions needed for the project. Delays in providing these may affect the timeline, and we will tell you promptly when that happens.",
        "You are responsible for ensuring that any material you give us, including text, images, data and trademarks, may lawfully be used in your product, and that your product complies with the laws that apply to your business.",
      ],
    },
    {
      heading: "6. Intellectual property",
      paragraphs: [
        "Once all fees for a deliverable have been paid in full, the intellectual property rights in the custom code, designs and documentation we create specifically for you transfer to you. Until then, we grant you a licence to use the deliverables for the purposes of the project.",
        "We keep ownership of our pre-existing tools, libraries and know-how, and grant you a perpetual, non-exclusive licence to use any of them that are included in your deliverables. Open-source components remain subject to their own licences, which we will identify on request.",
        "Unless you ask us not to, we may name you as a client and describe the project in general terms in our portfolio, without disclosing confidential information.",
      ],
    },
    {
      heading: "7. Confidentiality",
      paragraphs: [
        "Each party will keep the other's confidential information secret, use it only for the purposes of the engagement and share it only with people who need it for that purpose and are bound by similar obligations. This duty continues after the engagement ends.",
        "Confidential information does not include information that is already public through no fault of the receiving party, was lawfully known to it beforehand, or must be disclosed by law or court order.",
      ],
    },
    {
      heading: "8. Cancellation and data retention",
      paragraphs: [
        "You may cancel your subscription by writing to us. Fees already paid for the current six-month term are not refundable, and any outstanding amounts, including third-party charges, remain payable.",
        "Client data is kept for 60 days after cancellation. During those 60 days you may ask us to export your data or hand over your code and accounts.",
        "After the 60-day period, a retention fee of ₹590 (590 rupees) per month applies for as long as we continue to hold your data. You may ask us to delete your data at any time; deletion requests are honoured once all outstanding dues have been cleared.",
      ],
    },
    {
      heading: "9. Warranties and limitation of liability",
      paragraphs: [
        "We will fix, at no extra charge, defects in our deliverables that are reported within 30 days of their delivery and that cause them to depart from the agreed specification. Beyond that, the services are provided without other warranties, to the extent permitted by law.",
        "Our total liability arising from an engagement is limited to the fees you paid us in the six months before the claim arose. Neither party is liable for indirect or consequential losses, such as loss of profit, revenue or goodwill.",
      ],
    },
    {
      heading: "10. Governing law and disputes",
      paragraphs: [
        `These terms are governed by the laws of India. The parties will first try to resolve any dispute in good faith through discussion; if that fails, the courts of ${site.address.city}, ${site.address.region} have exclusive jurisdiction.`,
      ],
    },
    {
      heading: "11. Changes to these terms",
      paragraphs: [
        "We may update these terms from time to time. The date at the top of this page shows when they were last changed, and we will notify active clients of any material change by e-mail before it takes effect.",
      ],
    },
    {
      heading: "12. Contact",
      paragraphs: [`Questions about these terms can be sent to ${site.emails.info}, or by post to ${site.name}, ${formatAddress()}.`],
    },
  ],
};

export const privacy: { updated: string; sections: LegalSection[] } = {
  updated,
  sections: [
    {
      heading: "1. Who we are",
      paragraphs: [
        `${site.name}, of ${formatAddress()}, is responsible for the personal information collected through ${site.domain}, our client portal and our recruitment process. This policy explains what we collect, why we collect it and the choices you have.`,
      ],
    },
    {
      heading: "2. Information we collect",
      paragraphs: [
        "Quote requests: when you ask for a free quote, we collect your name, e-mail address, phone number, country (optional) and a description of your requirement, together with the time of your request.",
        "Job applications: when you apply for an opening, we collect your name, e-mail address, an optional message and, if you choose to upload one, your resume (PDF or Word document). If you are signed in, we link the application to your account.",
        "Client portal: when you create an account, we collect your e-mail address and, in your profile, your full name, phone number, company (optional) and country. We also store the projects and support requests you create in the portal, and the replies exchanged on them. If you sign in with Google, we receive your name and e-mail address from Google.",
      ],
    },
    {
      heading: "3. How we use your information",
      paragraphs: [
        "We use your information to respond to quote requests, including calling you back within 24 hours; to assess job applications; to deliver, manage and bill our services; to answer support requests; and to keep the portal secure.",
        "We do not sell your personal information, and we do not use it for advertising profiling. We send service and account e-mails only; marketing messages are sent only if you have asked to receive them.",
      ],
    },
    {
      heading: "4. Sharing and storage",
      paragraphs: [
        "Your information is stored with a hosted backend provider that supplies our sign-in, database and file storage, and is accessed only by staff who need it for their work. We share information with other service providers, such as e-mail delivery and payment processors, only as needed to provide our services, and under contracts that protect it.",
        "We may disclose information where required by law, or to protect our rights and the safety of our clients and staff.",
      ],
    },
    {
      heading: "5. Cookies and local storage",
      paragraphs: [
        "We use only a session cookie, which keeps you signed in to the client portal, and a theme preference (light or dark) saved in your browser's local storage. We do not use advertising or third-party tracking cookies.",
      ],
    },
    {
      heading: "6. Data retention",
      paragraphs: [
        "Client data is kept for 60 days after cancellation of your subscription. After those 60 days, a retention fee of ₹590 (590 rupees) per month applies for as long as we continue to hold your data, as set out in our Terms of Service.",
        "Quote requests and job applications are kept only as long as needed to respond to them and to meet our legal obligations, after which they are deleted.",
      ],
    },
    {
      heading: "7. Your rights",
      paragraphs: [
        "You may ask to access, correct or delete the personal information we hold about you, or withdraw a consent you have given. You can update your profile and delete your account yourself from the Settings page of the client portal.",
        "Deletion requests are honoured after any outstanding dues have been cleared. Once dues are settled, we delete your data and confirm this to you in writing, except for records we must keep by law, such as invoices.",
      ],
    },
    {
      heading: "8. Security",
      paragraphs: [
        "We protect your information with encrypted connections, access controls and regular reviews of who can reach client data. No system is completely secure, so we ask you to use a strong password and to tell us promptly if you suspect unauthorised use of your account.",
      ],
    },
    {
      heading: "9. Governing law",
      paragraphs: [
        "This privacy policy is governed by Indian law, including the Information Technology Act, 2000 and the Digital Personal Data Protection Act, 2023. Any dispute relating to it is subject to the jurisdiction of the courts of India.",
      ],
    },
    {
      heading: "10. Changes and contact",
      paragraphs: [
        "We may update this policy from time to time; the date at the top of this page shows when it last changed.",
        `For any privacy question or request, write to ${site.emails.info}, or by post to ${site.name}, ${formatAddress()}.`,
      ],
    },
  ],
};
