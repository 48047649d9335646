//! Item Response Theory use cases: fit a model to the systems' responses, run the iterative
//! exam improvement, and keep both results in the project (METHODS.md §3).
//!
//! The examinees are the systems that sat the exam (gold articles are not a system); a
//! system's error on a question, or a question it has no response to, is missing and skipped.

pub(crate) mod adaptive;

use crate::dto::{
    Factor, ImproveRequest, ImprovementReport, ImprovementStep, InformationCurve, IrtAbility,
    IrtEffect, IrtItem, IrtMethod, IrtModel, IrtReport, IrtRequest, IrtSettings, Measurable,
    SystemGroup, SystemSelection,
};
use crate::project::exam_version_dto;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::Outcome;
use proctor_stats::StatsError;
use proctor_stats::irt::{
    Aggregate, Estimation, Factors, Item, ItemErrors, ItemModel, ModelFit, Preset, ResponseMatrix,
    diagnose, eap_abilities, fit_joint, fit_marginal, improve_exam, test_information, theta_grid,
};
use proctor_store::ExamVersionRow;
use std::collections::{BTreeMap, BTreeSet};

/// θ values of the information curves.
pub(crate) fn grid() -> Vec<f64> {
    theta_grid(-4.0, 4.0, 81)
}

pub(crate) fn model_of(model: IrtModel) -> ItemModel {
    match model {
        IrtModel::OnePl => ItemModel::OnePl,
        IrtModel::TwoPl => ItemModel::TwoPl,
        IrtModel::ThreePl => ItemModel::ThreePl,
    }
}

pub(crate) fn preset_named(name: &str) -> ApiResult<Preset> {
    Preset::named(name).ok_or_else(|| {
        ApiError::new(
            ErrorCode::InvalidInput,
            format!(
                "'{name}' is not an IRT preset; use \"standard\", \"paper\" or \"unpenalised\""
            ),
        )
    })
}

pub(crate) fn stats_error(e: &StatsError) -> ApiError {
    ApiError::new(
        ErrorCode::InvalidInput,
        format!("fitting the IRT model: {e}"),
    )
}

pub(crate) fn curve(items: &[Item]) -> InformationCurve {
    let theta = grid();
    InformationCurve {
        mean: test_information(items, &theta, Aggregate::Mean),
        sum: test_information(items, &theta, Aggregate::Sum),
        theta,
    }
}

pub(crate) fn estimation_of(method: IrtMethod) -> Estimation {
    match method {
        IrtMethod::Joint => Estimation::Joint,
        IrtMethod::Marginal => Estimation::Marginal,
    }
}

/// The setting key of the project's IRT setting.
const SETTINGS_KEY: &str = "irt";

/// Abilities as shown on screen (METHODS.md §3): EAP under N(0, 1) given the fitted items, with
/// the posterior sd, and a perfect or zero raw score marked as outside what the exam measures;
/// best first.
/// The items of a fit as the pages show them: parameters, standard errors, fit and flags, and
/// each one's characteristic curve over [`grid`].
pub(crate) fn irt_items(
    items: &[Item],
    item_errors: &[ItemErrors],
    diagnostics: &ModelFit,
    names: &[String],
) -> Vec<IrtItem> {
    items
        .iter()
        .zip(&diagnostics.items)
        .enumerate()
        .map(|(i, (item, fit))| {
            let errors = item_errors.get(i);
            let mut flags = Vec::new();
            if fit.low_discrimination {
                flags.push("low discrimination".to_owned());
            }
            if fit.negative_point_biserial {
                flags.push("negative point-biserial".to_owned());
            }
            IrtItem {
                question: names[i].clone(),
                discrimination: item.discrimination,
                discrimination_se: errors.and_then(|e| e.discrimination),
                difficulty: item.difficulty,
                difficulty_se: errors.and_then(|e| e.difficulty),
                guessing: item.guessing,
                guessing_se: errors.and_then(|e| e.guessing),
                infit: fit.infit,
                outfit: fit.outfit,
                point_biserial: fit.point_biserial,
                flags,
                curve: grid().iter().map(|t| item.probability(*t)).collect(),
            }
        })
        .collect()
}

pub(crate) fn ranked(
    systems: &[String],
    responses: &ResponseMatrix,
    items: &[Item],
    fitted: &[f64],
) -> Vec<IrtAbility> {
    let posterior = eap_abilities(responses, items);
    let mut out: Vec<IrtAbility> = systems
        .iter()
        .enumerate()
        .map(|(s, system)| {
            let answered: Vec<bool> = (0..responses.items())
                .filter_map(|i| responses.get(s, i))
                .collect();
            let right = answered.iter().filter(|r| **r).count();
            let measurable = if right == answered.len() {
                Measurable::Above
            } else if right == 0 {
                Measurable::Below
            } else {
                Measurable::Within
            };
            IrtAbility {
                system: system.clone(),
                ability: posterior[s].mean,
                standard_error: posterior[s].sd,
                fitted: fitted[s],
                raw_score: saturating_u32(right),
                responses: saturating_u32(answered.len()),
                measurable,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        b.ability
            .total_cmp(&a.ability)
            .then(a.system.cmp(&b.system))
    });
    out
}

/// The systems × questions matrix of an exam version.
pub(crate) struct Sat {
    version: ExamVersionRow,
    pub systems: Vec<String>,
    /// Each system's group (the reference pipelines apart from the systems being judged).
    pub groups: Vec<SystemGroup>,
    pub questions: Vec<String>,
    /// Each question's topic.
    pub topics: Vec<Option<String>>,
    pub responses: ResponseMatrix,
    factors: BTreeMap<String, Vec<(String, String)>>,
}

impl Project {
    pub(crate) fn sat(&self, exam: Option<&str>, selection: &SystemSelection) -> ApiResult<Sat> {
        let version = self.exam_version(exam)?;
        let loaded = self.sittings(&version)?;
        if let Some(unknown) = selection
            .systems
            .iter()
            .find(|name| !loaded.factors.contains_key(*name))
        {
            return Err(ApiError::new(
                ErrorCode::NotFound,
                format!("there is no system named '{unknown}'"),
            ));
        }
        let chosen = |name: &str| {
            let tags = &loaded.factors[name];
            (selection.systems.is_empty() || selection.systems.iter().any(|s| s == name))
                && selection
                    .tagged
                    .iter()
                    .all(|factor| tags.iter().any(|f| &f.name == factor))
        };
        let labels: BTreeMap<_, _> = self
            .store
            .questions(version.id)?
            .into_iter()
            .map(|q| (q.id, q.external_id))
            .collect();
        // Systems have an entry in `factors` (maybe without tags); gold articles do not.
        let sittings: Vec<_> = loaded
            .sittings
            .iter()
            .filter(|s| loaded.factors.contains_key(&s.name) && chosen(&s.name))
            .collect();
        if sittings.len() < 2 {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "an IRT model needs at least two systems that sat exam '{}'; it has {}",
                    version.exam_name,
                    sittings.len()
                ),
            ));
        }
        let rows = sittings
            .iter()
            .map(|s| {
                loaded
                    .questions
                    .iter()
                    .map(|q| match s.responses.get(&q.id) {
                        Some(Outcome::Chosen(choice)) => Some(*choice == q.key),
                        // Not right until someone reads it, like no answer (METHODS.md §13).
                        Some(Outcome::Unanswered | Outcome::NeedsLook) => Some(false),
                        Some(Outcome::Error) | None => None,
                    })
                    .collect()
            })
            .collect();
        let responses = ResponseMatrix::new(rows).map_err(|e| match e {
            StatsError::NoResponses { what: "item", index } => ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "question {} has no graded response from any system; deactivate it or import answers for it",
                    labels.get(&loaded.questions[index].id).map_or("?", String::as_str)
                ),
            ),
            StatsError::NoResponses { index, .. } => ApiError::new(
                ErrorCode::InvalidInput,
                format!("system '{}' has no graded response", sittings[index].name),
            ),
            other => stats_error(&other),
        })?;
        Ok(Sat {
            systems: sittings.iter().map(|s| s.name.clone()).collect(),
            groups: sittings.iter().map(|s| loaded.group_of(&s.name)).collect(),
            questions: loaded
                .questions
                .iter()
                .map(|q| labels.get(&q.id).cloned().unwrap_or_default())
                .collect(),
            topics: loaded.questions.iter().map(|q| q.topic.clone()).collect(),
            factors: sittings
                .iter()
                .map(|s| {
                    let tags = loaded.factors.get(&s.name).map_or_else(Vec::new, |f| {
                        f.iter()
                            .map(|t| (t.name.clone(), t.level.clone()))
                            .collect()
                    });
                    (s.name.clone(), tags)
                })
                .collect(),
            responses,
            version,
        })
    }

    /// The project's current IRT setting (the default until one is chosen).
    pub fn irt_settings(&self) -> ApiResult<IrtSettings> {
        Ok(self
            .store
            .setting(SETTINGS_KEY)?
            .and_then(|json| serde_json::from_str(&json).ok())
            .unwrap_or_default())
    }

    /// Makes `settings` the project's IRT setting, used from now on by every panel.
    pub fn set_irt_settings(&mut self, settings: &IrtSettings) -> ApiResult<IrtSettings> {
        preset_named(&settings.preset)?;
        let tx = self.store.transaction()?;
        tx.set_setting(SETTINGS_KEY, &to_json(settings)?)?;
        tx.commit()?;
        Ok(settings.clone())
    }

    /// Fits an IRT model to the systems' responses on an exam and keeps the result. A setting
    /// in the request becomes the project's setting first.
    pub fn fit_irt(&mut self, request: &IrtRequest) -> ApiResult<IrtReport> {
        let settings = match &request.settings {
            Some(settings) => self.set_irt_settings(settings)?,
            None => self.irt_settings()?,
        };
        let sat = self.sat(request.exam.as_deref(), &request.selection)?;
        let preset = preset_named(&settings.preset)?;
        let model = model_of(settings.model);
        let (items, item_errors, abilities, effects, log_likelihood, converged) =
            match settings.method {
                IrtMethod::Joint => {
                    let factors = request
                        .hierarchical
                        .then(|| design(&sat, &request.baselines))
                        .transpose()?;
                    let fit = fit_joint(&sat.responses, model, &preset, factors.as_ref(), None)
                        .map_err(|e| stats_error(&e))?;
                    let baselines: BTreeSet<(String, String)> = factors
                        .iter()
                        .flat_map(|f| {
                            f.names
                                .iter()
                                .enumerate()
                                .map(|(k, name)| (name.clone(), f.levels[k][f.baseline[k]].clone()))
                        })
                        .collect();
                    let effects = fit
                        .effects
                        .iter()
                        .map(|e| IrtEffect {
                            baseline: baselines.contains(&(e.factor.clone(), e.level.clone())),
                            factor: e.factor.clone(),
                            level: e.level.clone(),
                            effect: e.effect,
                        })
                        .collect();
                    (
                        fit.items,
                        fit.item_errors,
                        fit.abilities,
                        effects,
                        fit.log_likelihood,
                        fit.converged,
                    )
                }
                IrtMethod::Marginal => {
                    if request.hierarchical {
                        return Err(ApiError::new(
                            ErrorCode::InvalidInput,
                            "the hierarchical model is fitted by the joint method",
                        ));
                    }
                    let fit = fit_marginal(&sat.responses, model, &preset, 2_000, true)
                        .map_err(|e| stats_error(&e))?;
                    (
                        fit.items,
                        fit.item_errors,
                        fit.abilities,
                        Vec::new(),
                        fit.log_likelihood,
                        fit.converged,
                    )
                }
            };
        let diagnostics = diagnose(&sat.responses, &items, &abilities);
        let report = IrtReport {
            exam: exam_version_dto(&sat.version),
            request: request.clone(),
            settings,
            items: irt_items(&items, &item_errors, &diagnostics, &sat.questions),
            systems: ranked(&sat.systems, &sat.responses, &items, &abilities),
            effects,
            log_likelihood,
            rmse: diagnostics.rmse,
            item_mean_rmse: diagnostics.item_mean_rmse,
            information: curve(&items),
            converged,
        };
        self.keep(&sat.version, "irt_fit", request, &report)?;
        Ok(report)
    }

    /// The last IRT fit kept for an exam, if any. A fit kept by an earlier version of
    /// Proctor in another shape is not shown (fitting again takes a moment).
    pub fn latest_irt(&self, exam: Option<&str>) -> ApiResult<Option<IrtReport>> {
        let version = self.exam_version(exam)?;
        Ok(self
            .store
            .latest_analysis(version.id, "irt_fit")?
            .and_then(|(_, result)| serde_json::from_str(&result).ok()))
    }

    /// The last exam improvement kept for an exam, if any (in the shape of this version).
    pub fn latest_improvement(&self, exam: Option<&str>) -> ApiResult<Option<ImprovementReport>> {
        let version = self.exam_version(exam)?;
        Ok(self
            .store
            .latest_analysis(version.id, "irt_improvement")?
            .and_then(|(_, result)| serde_json::from_str(&result).ok()))
    }

    /// Runs the iterative exam improvement and keeps every step.
    pub fn improve_exam(&mut self, request: &ImproveRequest) -> ApiResult<ImprovementReport> {
        if !(request.fraction > 0.0 && request.fraction < 1.0) {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "the share of questions dropped per step must be between 0 and 1, not {}",
                    request.fraction
                ),
            ));
        }
        let settings = self.irt_settings()?;
        let sat = self.sat(request.exam.as_deref(), &request.selection)?;
        let preset = preset_named(&settings.preset)?;
        let steps = improve_exam(
            &sat.responses,
            model_of(settings.model),
            &preset,
            estimation_of(settings.method),
            request.steps as usize,
            request.fraction,
            &grid(),
        )
        .map_err(|e| stats_error(&e))?;
        let report = ImprovementReport {
            exam: exam_version_dto(&sat.version),
            request: request.clone(),
            settings,
            steps: steps
                .iter()
                .map(|s| -> ApiResult<ImprovementStep> {
                    Ok(ImprovementStep {
                        step: saturating_u32(s.step),
                        dropped: s
                            .dropped
                            .iter()
                            .map(|&i| sat.questions[i].clone())
                            .collect(),
                        remaining: saturating_u32(s.active.len()),
                        leaderboard: sat
                            .responses
                            .select_items(&s.active)
                            .map(|kept| ranked(&sat.systems, &kept, &s.items, &s.abilities))
                            .map_err(|e| stats_error(&e))?,
                        information: curve(&s.items),
                        log_likelihood: s.log_likelihood,
                    })
                })
                .collect::<ApiResult<_>>()?,
        };
        self.keep(&sat.version, "irt_improvement", request, &report)?;
        Ok(report)
    }

    /// Keeps an analysis with the settings that produced it.
    fn keep(
        &mut self,
        version: &ExamVersionRow,
        kind: &str,
        settings: &impl serde::Serialize,
        result: &impl serde::Serialize,
    ) -> ApiResult<()> {
        let (settings, result) = (to_json(settings)?, to_json(result)?);
        let tx = self.store.transaction()?;
        tx.insert_analysis(version.id, kind, &settings, &result)?;
        tx.commit()?;
        Ok(())
    }
}

/// The systems' factor tags as the hierarchical model's design. Every system must carry every
/// factor; each factor's baseline is the requested level, or its first in alphabetical order.
fn design(sat: &Sat, baselines: &[Factor]) -> ApiResult<Factors> {
    let names: BTreeSet<String> = sat
        .factors
        .values()
        .flat_map(|tags| tags.iter().map(|(n, _)| n.clone()))
        .collect();
    if names.is_empty() {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            "no system carries factor tags (e.g. retriever=bm25); tag them at import with --factor",
        ));
    }
    let names: Vec<String> = names.into_iter().collect();
    // Systems that carry different sets of factors cannot share one design: say which groups
    // there are, so the user can pick one.
    let mut groups: BTreeMap<Vec<String>, Vec<&str>> = BTreeMap::new();
    for system in &sat.systems {
        let mut carried: Vec<String> = sat.factors[system].iter().map(|(n, _)| n.clone()).collect();
        carried.sort();
        carried.dedup();
        groups.entry(carried).or_default().push(system);
    }
    if groups.len() > 1 {
        let described: Vec<String> = groups
            .iter()
            .map(|(carried, systems)| {
                let examples = systems
                    .iter()
                    .take(2)
                    .copied()
                    .collect::<Vec<_>>()
                    .join("', '");
                format!(
                    "{} carry {} ('{examples}'{})",
                    systems.len(),
                    if carried.is_empty() {
                        "no factors".to_owned()
                    } else {
                        carried.join(", ")
                    },
                    if systems.len() > 2 { ", …" } else { "" }
                )
            })
            .collect();
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!(
                "the hierarchical model needs systems that carry the same factors, and these do not: {}. Choose the systems, e.g. those tagged {}",
                described.join("; "),
                groups
                    .keys()
                    .max_by_key(|k| k.len())
                    .map_or(String::new(), |k| k.join(", "))
            ),
        ));
    }
    let mut levels: Vec<BTreeSet<String>> = vec![BTreeSet::new(); names.len()];
    let mut picked = Vec::new();
    for system in &sat.systems {
        let tags = &sat.factors[system];
        let mut row = Vec::new();
        for (k, name) in names.iter().enumerate() {
            let level = tags.iter().find(|(n, _)| n == name).map(|(_, l)| l.clone()).ok_or_else(|| {
                ApiError::new(
                    ErrorCode::InvalidInput,
                    format!("system '{system}' has no level for factor '{name}'; the hierarchical model needs every factor on every system"),
                )
            })?;
            levels[k].insert(level.clone());
            row.push(level);
        }
        picked.push(row);
    }
    let levels: Vec<Vec<String>> = levels
        .into_iter()
        .map(|l| l.into_iter().collect())
        .collect();
    let assignment = picked
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .map(|(k, level)| levels[k].iter().position(|l| l == level).unwrap_or(0))
                .collect()
        })
        .collect();
    let baseline = names
        .iter()
        .zip(&levels)
        .map(
            |(name, known)| match baselines.iter().find(|b| &b.name == name) {
                None => Ok(0),
                Some(wanted) => known
                    .iter()
                    .position(|l| *l == wanted.level)
                    .ok_or_else(|| {
                        ApiError::new(
                            ErrorCode::InvalidInput,
                            format!(
                                "factor '{name}' has no level '{}'; its levels are {}",
                                wanted.level,
                                known.join(", ")
                            ),
                        )
                    }),
            },
        )
        .collect::<ApiResult<Vec<usize>>>()?;
    if let Some(unknown) = baselines.iter().find(|b| !names.contains(&b.name)) {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!("no system carries the factor '{}'", unknown.name),
        ));
    }
    Ok(Factors {
        baseline,
        names,
        levels,
        assignment,
    })
}

/// JSON for the analyses table.
fn to_json(value: &impl serde::Serialize) -> ApiResult<String> {
    serde_json::to_string(value)
        .map_err(|e| ApiError::new(ErrorCode::Internal, format!("encoding a result: {e}")))
}

/// The last IRT model fitted on the exam on view, if any.
pub(crate) fn latest(project: &Project) -> ApiResult<Option<IrtReport>> {
    project.latest_irt(None)
}
