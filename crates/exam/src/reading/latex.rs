//! LaTeX a reply writes its answer in ("$\\boxed{\\text{C}}$", "\\left( B \\right)"): the commands
//! that only lay text out, which are no words of the answer.

/// LaTeX commands that only lay out a formula ("\right]", "\left\{", "\in", "\frac"): no
/// words of the reply — "3\right]" says nothing is right, "x \in S" nothing "in" it.
const LAYOUT_COMMANDS: &[&str] = &[
    "left",
    "right",
    "big",
    "Big",
    "bigl",
    "bigr",
    "in",
    "notin",
    "frac",
    "dfrac",
    "tfrac",
    "sqrt",
    "cdot",
    "times",
    "div",
    "le",
    "ge",
    "leq",
    "geq",
    "neq",
    "ne",
    "pm",
    "mp",
    "to",
    "rightarrow",
    "leftarrow",
    "Rightarrow",
    "Leftarrow",
    "implies",
    "iff",
    "infty",
    "sum",
    "prod",
    "int",
    "lim",
    "log",
    "ln",
    "exp",
    "sin",
    "cos",
    "tan",
    "cup",
    "cap",
    "setminus",
    "subset",
    "subseteq",
    "forall",
    "exists",
    "begin",
    "end",
    "pmatrix",
    "bmatrix",
    "matrix",
    "quad",
    "qquad",
    "mathbb",
    "mathcal",
    "vec",
    "hat",
    "bar",
    "dots",
    "ldots",
    "cdots",
    "approx",
    "equiv",
    "sim",
    "circ",
    "angle",
    "perp",
    "partial",
    "alpha",
    "beta",
    "gamma",
    "delta",
    "epsilon",
    "theta",
    "lambda",
    "mu",
    "pi",
    "sigma",
    "phi",
    "omega",
    "Delta",
    "Omega",
    "quad",
    "qquad",
    "hfill",
];

/// `chars` with every command of [`LAYOUT_COMMANDS`] blanked to spaces (so that positions stay
/// where they were), "\checkmark" and "\xmark" drawn as the tick and the cross they are; any
/// other backslash is left as it is ("\boxed{D}", a path).
pub(super) fn without_layout_commands(mut chars: Vec<char>) -> Vec<char> {
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\\' {
            let name_end = (i + 1..chars.len())
                .find(|&k| !chars[k].is_ascii_alphabetic())
                .unwrap_or(chars.len());
            let name: String = chars[i + 1..name_end].iter().collect();
            if LAYOUT_COMMANDS.contains(&name.as_str()) {
                chars[i..name_end].fill(' ');
            }
            // A tick or a cross drawn by a command ("\item[(B)] … \quad $\checkmark$").
            if let Some(mark) = match name.as_str() {
                "checkmark" => Some('✓'),
                "xmark" => Some('✗'),
                _ => None,
            } {
                chars[i..name_end].fill(' ');
                chars[i] = mark;
            }
            i = name_end.max(i + 1);
        } else {
            i += 1;
        }
    }
    chars
}
