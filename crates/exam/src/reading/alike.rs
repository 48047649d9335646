//! Whether two words are one word as a restatement writes it: the same stem ("applies",
//! "apply"), a slip of a letter or two ("neglegence"), its accents dropped ("doi" for "đội").

use proctor_core::text::without_accents;

/// The stem a word is compared by: common English endings taken off.
fn stem(word: &str) -> &str {
    for ending in ["ing", "ed", "es", "s", "ly", "er"] {
        if word.len() > ending.len() + 3
            && let Some(stem) = word.strip_suffix(ending)
        {
            return stem;
        }
    }
    word
}

/// Whether two words are the same word as a restatement writes it.
pub(in crate::reading) fn same(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    // Words of three letters or fewer are one word only when written alike (no stem, no slip).
    if (a.len() < 4 || b.len() < 4) && a.is_ascii() && b.is_ascii() {
        return false;
    }
    // A reply may drop a choice's diacritics ("co cac doi tau" for "có các đội tàu"): words
    // with letters past ASCII are compared without them.
    if !(a.is_ascii() && b.is_ascii()) {
        let (a, b) = (without_accents(a), without_accents(b));
        return a == b || same_letters(&a, &b);
    }
    same_letters(a, b)
}

/// [`same`] for two words as they are written.
fn same_letters(a: &str, b: &str) -> bool {
    if a.bytes().any(|c| c.is_ascii_digit()) || b.bytes().any(|c| c.is_ascii_digit()) {
        return false;
    }
    if a.len() >= 4 && b.len() >= 4 && stem(a) == stem(b) {
        return true;
    }
    // (Lengths in letters; a word of ASCII letters has as many as bytes.)
    let count = |w: &str| {
        if w.is_ascii() {
            w.len()
        } else {
            w.chars().count()
        }
    };
    let (la, lb) = (count(a), count(b));
    let allowed = match la.min(lb) {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    };
    if allowed == 0 || la.abs_diff(lb) > allowed {
        return false;
    }
    if a.is_ascii() && b.is_ascii() {
        within(a.as_bytes(), b.as_bytes(), allowed)
    } else {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        within(&a, &b, allowed)
    }
}

/// The longest word compared letter by letter on the stack; a longer one takes the heap.
const ROW: usize = 48;

/// Whether the edit distance between `a` and `b` is at most `limit`, a swap of two neighbouring
/// letters ("connectoin") counting as one edit.
fn within<T: PartialEq>(a: &[T], b: &[T], limit: usize) -> bool {
    if a.len().abs_diff(b.len()) > limit {
        return false;
    }
    let width = b.len() + 1;
    let (mut stack, mut heap);
    let rows: &mut [usize] = if width <= ROW {
        stack = [0usize; 3 * ROW];
        &mut stack[..3 * width]
    } else {
        heap = vec![0usize; 3 * width];
        &mut heap
    };
    let (mut before, rest) = rows.split_at_mut(width);
    let (mut previous, mut row) = rest.split_at_mut(width);
    // Optimal string alignment: three rows (two back for a swap).
    for (j, cell) in previous.iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        row[0] = i;
        let mut best = row[0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut value = (previous[j - 1] + cost)
                .min(previous[j] + 1)
                .min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                value = value.min(before[j - 2] + 1);
            }
            row[j] = value;
            best = best.min(value);
        }
        if best > limit {
            return false;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut row);
    }
    previous[b.len()] <= limit
}
