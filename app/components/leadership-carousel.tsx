import { useState } from "react";
import { Picture } from "~/components/picture";
import type { LeadershipEntry } from "~/content/types";
import { LEADERSHIP_INTERVAL_MS } from "~/lib/constants";
import { usePausableInterval } from "~/lib/use-pausable-interval";

/** SPEC §4: advances every 10 s, wrapping; dots jump to an item. */
export function LeadershipCarousel({ people }: { people: LeadershipEntry[] }) {
  const [index, setIndex] = useState(0);
  // Announce changes the visitor asked for, not every automatic rotation.
  const [userDriven, setUserDriven] = useState(false);
  const handlers = usePausableInterval(LEADERSHIP_INTERVAL_MS, () => setIndex((i) => (i + 1) % people.length));
  const current = people[index] ?? people[0];
  if (!current) return null;

  return (
    <section aria-roledescription="carousel" aria-label="Leadership" {...handlers} className="mx-auto max-w-3xl">
      <div aria-live={userDriven ? "polite" : "off"} className="flex flex-col items-center gap-6 text-center sm:flex-row sm:text-left">
        {current.picture ? (
          <Picture
            image={current.picture}
            height={160}
            alt={`Portrait of ${current.name}`}
            lazy
            imgClassName="size-40 shrink-0 rounded-full object-cover"
          />
        ) : (
          <img
            src={current.image}
            alt={`Portrait of ${current.name}`}
            width="160"
            height="160"
            // Far below the fold on the home page: not worth a preload competing with the hero.
            loading="lazy"
            className="size-40 shrink-0 rounded-full"
          />
        )}
        <figure>
          <blockquote className="text-xl leading-relaxed text-slate-800 italic dark:text-slate-100">“{current.quote}”</blockquote>
          <figcaption className="mt-4">
            <span className="block font-semibold text-slate-900 dark:text-white">{current.name}</span>
            <span className="text-sm text-slate-600 dark:text-slate-400">{current.title}</span>
          </figcaption>
        </figure>
      </div>
      <div className="mt-6 flex justify-center gap-3">
        {people.map((person, i) => (
          <button
            key={person.id}
            type="button"
            onClick={() => {
              setUserDriven(true);
              setIndex(i);
            }}
            aria-label={`Show ${person.name}, ${person.title}`}
            aria-current={i === index}
            className={`size-3 rounded-full ${i === index ? "bg-brand-700 dark:bg-brand-400" : "bg-slate-300 dark:bg-slate-600"}`}
          />
        ))}
      </div>
    </section>
  );
}
