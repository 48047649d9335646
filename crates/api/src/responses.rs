//! IRT on any response matrix, without a project (METHODS.md §3): the IRT workbench page and
//! `proctor irt fit --responses FILE`. The same estimators, diagnostics and item view as a
//! project's fit; missing cells are skipped, never scored 0.

use crate::charts::series::information_lines;
use crate::dto::{FitResponsesRequest, ResponsesFit};
use crate::irt::{curve, estimation_of, irt_items, model_of, preset_named, ranked, stats_error};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode};
use proctor_formats::responses::{ResponseLayout, read_responses_file};
use proctor_stats::StatsError;
use proctor_stats::irt::{ResponseMatrix, diagnose, fit_by};
use std::path::Path;
use std::time::Instant;

/// Fits the model of `request.settings` to the responses in `request.path`.
pub fn fit_responses(request: &FitResponsesRequest) -> ApiResult<ResponsesFit> {
    let started = Instant::now();
    let path = Path::new(request.path.trim());
    if path.as_os_str().is_empty() {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            "choose a file of responses",
        ));
    }
    let name = path.file_name().map_or_else(
        || request.path.clone(),
        |n| n.to_string_lossy().into_owned(),
    );
    let responses = read_responses_file(path, &name).map_err(ApiError::from)?;
    let matrix = ResponseMatrix::new(
        (0..responses.subjects.len())
            .map(|s| responses.row(s).collect())
            .collect(),
    )
    .map_err(|e| match e {
        StatsError::NoResponses { what, index } => ApiError::new(
            ErrorCode::InvalidInput,
            format!(
                "{name}: {what} {} has no response at all; leave it out or give it one",
                if what == "item" {
                    &responses.items[index]
                } else {
                    &responses.subjects[index]
                }
            ),
        ),
        other => stats_error(&other),
    })?;
    let settings = request.settings.clone();
    let preset = preset_named(&settings.preset)?;
    let model = model_of(settings.model);
    let fit = fit_by(
        &matrix,
        model,
        &preset,
        estimation_of(settings.method),
        request.standard_errors,
    )
    .map_err(|e| stats_error(&e))?;
    let (items, fitted) = (&fit.items, &fit.abilities);
    let diagnostics = diagnose(&matrix, items, fitted);
    let abilities = ranked(&responses.subjects, &matrix, items, fitted);
    let information = curve(items);
    Ok(ResponsesFit {
        information_chart: information_lines(
            &name,
            settings.model,
            &information,
            items.len(),
            &abilities,
        ),
        file: name,
        layout: match responses.layout {
            ResponseLayout::Wide => "wide",
            ResponseLayout::Long => "long",
            ResponseLayout::PyIrt => "py-irt",
        }
        .to_owned(),
        subjects: saturating_u32(responses.subjects.len()),
        item_count: saturating_u32(responses.items.len()),
        missing: responses.missing() as u64,
        settings,
        items: irt_items(items, &fit.item_errors, &diagnostics, &responses.items),
        abilities,
        log_likelihood: fit.log_likelihood,
        rmse: diagnostics.rmse,
        item_mean_rmse: diagnostics.item_mean_rmse,
        information,
        converged: fit.converged,
        iterations: saturating_u32(fit.iterations),
        seconds: started.elapsed().as_secs_f64(),
        peak_memory_mb: peak_memory_mb(),
    })
}

/// The process's peak resident memory in megabytes, from Linux's `/proc/self/status`
/// (`VmHWM`); None elsewhere.
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kilobytes: f64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kilobytes / 1024.0)
}

/// The items' parameters of a fit as CSV (`proctor irt fit --out params.csv`).
pub fn parameters_csv(fit: &ResponsesFit) -> Vec<u8> {
    proctor_formats::table_export::write_csv(&crate::charts::tables::irt_items_table(&fit.items))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dto::{IrtMethod, IrtModel, IrtSettings};
    use std::fmt::Write as _;

    /// A wide file of 30 subjects × 12 items from a 2PL model (seeded), with a few cells blank.
    fn wide_file(dir: &Path) -> std::path::PathBuf {
        let mut rng = proctor_stats::SplitMix64::new(7);
        let mut text = String::from("model");
        for i in 0..12 {
            let _ = write!(text, ",item{i}");
        }
        text.push('\n');
        for s in 0..30 {
            let theta = -2.0 + 4.0 * f64::from(s) / 29.0;
            let _ = write!(text, "m{s}");
            for i in 0..12 {
                let b = -1.5 + 3.0 * f64::from(i) / 11.0;
                let p = 1.0 / (1.0 + (-1.3 * (theta - b)).exp());
                let u = rng.unit();
                if (s + i) % 17 == 0 {
                    text.push(',');
                } else {
                    let _ = write!(text, ",{}", u8::from(u < p));
                }
            }
            text.push('\n');
        }
        let path = dir.join("matrix.csv");
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_response_file_fits_without_a_project() {
        let dir = tempfile::tempdir().unwrap();
        let path = wide_file(dir.path());
        let fit = fit_responses(&FitResponsesRequest {
            path: path.display().to_string(),
            settings: IrtSettings {
                model: IrtModel::TwoPl,
                method: IrtMethod::Marginal,
                preset: "standard".into(),
            },
            standard_errors: true,
        })
        .unwrap();
        assert_eq!((fit.subjects, fit.item_count), (30, 12));
        assert_eq!(fit.layout, "wide");
        assert!(fit.missing > 0, "blank cells are missing");
        assert_eq!(fit.items.len(), 12);
        assert_eq!(fit.items[0].question, "item0");
        // Items were written easiest first: difficulty rises along the file.
        assert!(fit.items[0].difficulty < fit.items[11].difficulty);
        // Subjects were written weakest first: the best is among the last rows, the worst
        // among the first.
        let row = |name: &str| name[1..].parse::<u32>().unwrap();
        assert!(
            row(&fit.abilities[0].system) >= 24,
            "{:?}",
            fit.abilities[0]
        );
        assert!(
            row(&fit.abilities[29].system) <= 5,
            "{:?}",
            fit.abilities[29]
        );
        assert!(fit.rmse < fit.item_mean_rmse, "the model beats item means");
        assert!(fit.log_likelihood.is_finite() && fit.converged);
        let csv = String::from_utf8(parameters_csv(&fit)).unwrap();
        assert!(csv.starts_with("Question,Discrimination a,SE of a,Difficulty b"));
        assert_eq!(csv.lines().count(), 13);
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let dir = tempfile::tempdir().unwrap();
        let settings = IrtSettings::default();
        let path = dir.path().join("m.csv");
        std::fs::write(&path, "model,q1,q2\nA,1,\nB,0,\n").unwrap();
        let e = fit_responses(&FitResponsesRequest {
            path: path.display().to_string(),
            settings: settings.clone(),
            standard_errors: true,
        })
        .unwrap_err();
        assert!(
            e.message.contains("item q2 has no response at all"),
            "{e:?}"
        );
        std::fs::write(&path, "model,q1\nA,2\n").unwrap();
        let e = fit_responses(&FitResponsesRequest {
            path: path.display().to_string(),
            settings,
            standard_errors: true,
        })
        .unwrap_err();
        assert!(e.message.starts_with("m.csv:2:q1: "), "{e:?}");
    }
}
