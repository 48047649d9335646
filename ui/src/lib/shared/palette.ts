// The Okabe–Ito palette, as the chart files use it (crates/charts): told apart by people with
// the common colour-vision deficiencies. The n-th system has the same colour on screen and in a
// saved chart.
export const PALETTE = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442"] as const;

export function colour(i: number): string {
  return PALETTE[i % PALETTE.length]!;
}

// Reference pipelines' series, in turn: greys apart from each other and from the palette.
export const REFERENCE_GREYS = ["#96a0ac", "#606a76", "#c4cbd2"] as const;

/** The colour of each series, as the chart files draw them: the analyst's systems take the
 *  palette in turn, the reference pipelines the greys. */
export function seriesColours(reference: boolean[]): string[] {
  let own = 0;
  let grey = 0;
  return reference.map((r) => (r ? REFERENCE_GREYS[grey++ % REFERENCE_GREYS.length]! : PALETTE[own++ % PALETTE.length]!));
}
