//! A list under a heading that eliminates ("Process of elimination:\n- Answer A comes from a
//! slip in the arithmetic.\n- C …\nOnly 12 survives."): each item rules out the one choice it
//! names, whatever words the item gives for it; what the reply says after the list is its
//! answer.

use super::super::Mention;
use super::super::cues::Stance;
use super::super::words::Word;

/// Words that head an elimination ("Eliminating:", "Let's rule things out.").
fn heads_an_elimination(line: &[Word]) -> bool {
    line.iter().enumerate().any(|(k, w)| {
        matches!(w.text.as_str(), "elimination" | "eliminating" | "eliminate")
            || matches!(w.text.as_str(), "rule" | "ruling")
                && line[k + 1..].iter().take(2).any(|n| n.text == "out")
    })
}

/// Words on an item that keep its choice rather than rule it out ("- C survives").
const KEEPS: &[&str] = &[
    "survives", "remains", "left", "correct", "right", "fits", "best", "works",
];

/// Sets each choice named alone on an item of a list under an elimination heading as ruled
/// out.
pub(super) fn rule_out(words: &[Word], mentions: &[Mention], stances: &mut [Stance]) {
    let lines: Vec<&[Word]> = words.chunk_by(|a, b| a.line == b.line).collect();
    let Some(heading) = lines
        .iter()
        .position(|l| !l[0].in_item() && heads_an_elimination(l))
    else {
        return;
    };
    for line in lines[heading + 1..].iter().take_while(|l| l[0].in_item()) {
        let n = line[0].line;
        let on_line: Vec<usize> = (0..mentions.len())
            .filter(|&k| words[mentions[k].start].line == n)
            .collect();
        let one_choice = on_line
            .iter()
            .all(|&k| mentions[k].choice == mentions[on_line[0]].choice);
        let keeps = line.iter().any(|w| KEEPS.contains(&w.text.as_str()));
        if on_line.is_empty() || !one_choice || keeps {
            continue;
        }
        for k in on_line {
            stances[k] = Stance::Rejects;
        }
    }
}
