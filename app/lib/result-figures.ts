/** A case study's result as a headline: "40%" over "fewer delivery delays". */
export interface ResultFigure {
  value: string;
  label: string;
}

// A number worth a headline: a percentage, or a count in the thousands ("10,000"), with what
// follows it up to the next clause ("and", "within", "in 3 months" ...). "over 10,000" reads "10,000+".
const FIGURE =
  /\b(over |more than )?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(%|\+)?\s+((?:(?!and\b|within\b|in\b|from\b|with\b|after\b|across\b|for\b|of\b)[a-z][a-z-]*\s*){1,4})/gi;

/**
 * The headline figures in a result sentence, in order. The result is free text an editor writes,
 * so this only lifts out what it can read; none found means the sentence is shown alone.
 */
export function resultFigures(result: string): ResultFigure[] {
  const figures: ResultFigure[] = [];
  for (const match of result.matchAll(FIGURE)) {
    const [, over, number = "", unit, words = ""] = match;
    if (unit !== "%" && !number.includes(",")) continue;
    figures.push({ value: `${number}${unit ?? (over ? "+" : "")}`, label: words.trim() });
  }
  return figures;
}
