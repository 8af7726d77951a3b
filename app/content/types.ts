import type { ImageInfo } from "~/lib/images";

export interface ServiceSummary {
  slug: string;
  title: string;
  /** One or two sentences for cards. */
  desc: string;
  /** Path under /images, e.g. "/images/services/android-apps.svg", or "media:<id>" (an upload). */
  img: string;
  /** The upload `img` names, for <Picture> (set by the server; absent for a path). */
  picture?: ImageInfo;
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
  picture?: ImageInfo;
}

export interface LeadershipEntry {
  id: string;
  name: string;
  title: string;
  quote: string;
  image: string;
  picture?: ImageInfo;
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
  picture?: ImageInfo;
}
