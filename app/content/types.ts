export interface ServiceSummary {
  slug: string;
  title: string;
  /** One or two sentences for cards. */
  desc: string;
  /** Path under /images, e.g. "/images/services/android-apps.svg". */
  img: string;
}

export interface Service extends ServiceSummary {
  /** Multi-paragraph details shown on /service/{slug}. */
  details: string[];
}

export interface CaseStudy {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  technologies: string[];
  features: string[];
  result: string;
  img: string;
}

export interface LeadershipEntry {
  id: string;
  name: string;
  title: string;
  quote: string;
  image: string;
}

export interface Testimonial {
  id: string;
  review: string;
  name: string;
  category: string;
}

export interface ClientLogo {
  name: string;
  img: string;
}
