import { Link } from "react-router";
import { Picture } from "~/components/picture";
import type { ServiceSummary } from "~/content/types";

/**
 * `aboveFold`: the card opens the page (its image is the likely LCP), so it loads at once, first.
 * `className`: the list item's extra classes (its width in a row that scrolls).
 */
export function ServiceCard({
  service,
  headingLevel = "h3",
  aboveFold = false,
  className = "",
}: {
  service: ServiceSummary;
  headingLevel?: "h2" | "h3";
  aboveFold?: boolean;
  className?: string;
}) {
  const Heading = headingLevel;
  return (
    <li
      className={`card-target flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      {service.picture ? (
        // Cards: one column on phones, two from sm, three from lg (the grid on / and /services).
        <Picture
          image={service.picture}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          lazy={!aboveFold}
          priority={aboveFold}
          imgClassName="aspect-[8/5] w-full object-cover"
        />
      ) : (
        <img
          src={service.img}
          alt=""
          width="640"
          height="400"
          loading={aboveFold ? "eager" : "lazy"}
          fetchPriority={aboveFold ? "high" : undefined}
          className="aspect-[8/5] w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-5">
        <Heading id={`service-${service.slug}`} className="text-lg font-semibold text-slate-900 dark:text-white">
          {service.title}
        </Heading>
        <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">{service.desc}</p>
        <Link
          to={`/service/${service.slug}`}
          className="card-link btn-secondary mt-4 self-start"
          aria-describedby={`service-${service.slug}`}
        >
          View Details
        </Link>
      </div>
    </li>
  );
}
