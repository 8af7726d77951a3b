import { describe, expect, test } from "vitest";
import { caseStudies } from "~/content/cases";
import { resultFigures } from "~/lib/result-figures";

describe("resultFigures", () => {
  test("Percentages become figures labelled by what follows them, up to the next clause", () => {
    expect(resultFigures(caseStudies[0]!.result)).toEqual([
      { value: "40%", label: "fewer delivery delays" },
      { value: "65%", label: "better vendor order efficiency" },
    ]);
  });

  test("A count in the thousands after 'over' reads as a floor; small numbers stay in the sentence", () => {
    expect(resultFigures(caseStudies[1]!.result)).toEqual([{ value: "10,000+", label: "active users" }]);
  });

  test("A result without figures gives none, so the sentence is shown alone", () => {
    expect(resultFigures("Happier customers and a calmer support team.")).toEqual([]);
    expect(resultFigures("Launched in 3 weeks with 2 developers.")).toEqual([]);
  });
});
