// The Okabe–Ito palette, as the chart files use it (crates/charts): told apart by people with
// the common colour-vision deficiencies. The n-th system has the same colour on screen and in a
// saved chart.
export const PALETTE = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442"] as const;

export function colour(i: number): string {
  return PALETTE[i % PALETTE.length]!;
}
