//! `proctor irt`: fit, information, the adaptive-exam check and the exam improvement on a project, and fits of any response matrix.

use crate::{irt_file, parse_factor, path_text, show, text};
use clap::{Subcommand, ValueEnum};
use proctor_api::dto::{
    Factor, FitResponsesRequest, ImproveRequest, IrtMethod, IrtModel, IrtRequest, IrtSettings,
    SystemGroup, SystemSelection,
};
use proctor_api::{ApiError, ApiResult, ErrorCode, Project};
use std::path::PathBuf;

/// The IRT subcommands.
#[derive(Subcommand)]
pub(crate) enum IrtAction {
    /// Fit a model and keep the result in the project. --model, --method and --preset change
    /// the project's IRT setting, which every panel that ranks or drops questions uses. With
    /// --responses FILE, fit any response matrix instead, without a project.
    Fit {
        #[command(flatten)]
        on: IrtOptions,
        /// A response-matrix file to fit instead of a project: wide CSV/TSV (the subject's id,
        /// then one 0/1 column per item, blank = missing), long CSV/TSV/JSONL (subject, item,
        /// response) or py-irt's JSONL. Missing cells are skipped, never scored 0.
        #[arg(long, conflicts_with_all = ["project", "systems", "tagged", "hierarchical"])]
        responses: Option<PathBuf>,
        /// With --responses: also write the items' parameters to this CSV file.
        #[arg(long, requires = "responses")]
        out: Option<PathBuf>,
        /// With --responses: skip the items' standard errors (the marginal fit's costliest
        /// part: two E-steps per parameter).
        #[arg(long, requires = "responses")]
        no_errors: bool,
        /// The model (default: the project's setting, 2PL until changed).
        #[arg(long, value_enum)]
        model: Option<Model>,
        /// Estimation: joint (few systems, the paper's way) or marginal (EM; many examinees)
        /// (default: the project's setting).
        #[arg(long, value_enum)]
        method: Option<Method>,
        /// Bounds and priors: "standard" (wide bounds, weak priors) or "paper" (Guinet et
        /// al.) (default: the project's setting).
        #[arg(long)]
        preset: Option<String>,
        /// Fit abilities as sums of the systems' factor effects (the hierarchical model).
        #[arg(long)]
        hierarchical: bool,
        /// The level a factor's effects are reported against, as name=level (repeatable),
        /// e.g. --baseline retriever=closed-book.
        #[arg(long = "baseline", value_parser = parse_factor)]
        baselines: Vec<Factor>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The test information curve of the last fit kept in the project.
    Info {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// Print the curve as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check adaptive exams: every system that answered every question is left out in turn,
    /// the questions calibrated on the others, and it sits an adaptive exam of a share of them;
    /// its predicted accuracy is set against its actual one, beside random subsets.
    CatCheck {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// The share of the questions each adaptive exam asks.
        #[arg(long, default_value_t = 0.5)]
        share: f64,
        /// Take the topics in turn.
        #[arg(long)]
        balance_topics: bool,
        /// Pass over a question already shown to this share of the systems examined before
        /// (0–1), while another is left.
        #[arg(long)]
        max_exposure: Option<f64>,
        /// Check only the reference pipelines, or only the systems being judged (each is still
        /// calibrated on every other system).
        #[arg(long, value_enum)]
        group: Option<Group>,
        /// Print the check as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Drop the least discriminating share of questions step by step, refitting each time.
    Improve {
        #[command(flatten)]
        on: IrtOptions,
        /// Number of steps.
        #[arg(long, default_value_t = 5)]
        steps: u32,
        /// Share of the remaining questions dropped at each step.
        #[arg(long, default_value_t = 0.1)]
        fraction: f64,
        /// Print the steps as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// What every IRT subcommand fits.
#[derive(clap::Args)]
pub(crate) struct IrtOptions {
    /// The project file.
    #[arg(short, long, env = "PROCTOR_PROJECT")]
    project: Option<PathBuf>,
    /// The exam (default: the newest).
    #[arg(long)]
    exam: Option<String>,
    /// Fit on this system only (repeatable; default: every system).
    #[arg(long = "system")]
    systems: Vec<String>,
    /// Fit on the systems that carry this factor only (repeatable), e.g. --tagged reader for
    /// the built-in pipelines.
    #[arg(long = "tagged", value_delimiter = ',')]
    tagged: Vec<String>,
}

impl IrtOptions {
    fn project(&self) -> ApiResult<Project> {
        let path = self.project.as_ref().ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidInput,
                "name the project with -p/--project (or PROCTOR_PROJECT), or fit a file with --responses",
            )
        })?;
        Project::open(path)
    }

    fn selection(&self) -> SystemSelection {
        SystemSelection {
            systems: self.systems.clone(),
            tagged: self.tagged.clone(),
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum Model {
    /// Rasch: difficulty only.
    #[value(name = "1pl")]
    Rasch,
    /// Discrimination and difficulty.
    #[value(name = "2pl")]
    TwoParameter,
    /// Discrimination, difficulty and guessing.
    #[value(name = "3pl")]
    ThreeParameter,
}

/// A leaderboard group, as the command line names it.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum Group {
    /// The built-in reference pipelines.
    Pipelines,
    /// Vendors' and your own systems.
    Systems,
}

impl From<Group> for SystemGroup {
    fn from(group: Group) -> Self {
        match group {
            Group::Pipelines => Self::Pipelines,
            Group::Systems => Self::Systems,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum Method {
    Joint,
    Marginal,
}

pub(crate) fn irt(action: IrtAction) -> ApiResult<()> {
    match action {
        IrtAction::Fit {
            responses: Some(file),
            out,
            no_errors,
            model,
            method,
            preset,
            json,
            ..
        } => {
            let defaults = IrtSettings::default();
            let fit = proctor_api::responses::fit_responses(&FitResponsesRequest {
                path: path_text(&file),
                settings: IrtSettings {
                    model: model.map_or(defaults.model, Into::into),
                    method: method.map_or(IrtMethod::Marginal, |m| match m {
                        Method::Joint => IrtMethod::Joint,
                        Method::Marginal => IrtMethod::Marginal,
                    }),
                    preset: preset.unwrap_or(defaults.preset),
                },
                standard_errors: !no_errors,
            })?;
            if let Some(out) = out {
                proctor_api::write_user_file(&out, &proctor_api::responses::parameters_csv(&fit))?;
            }
            show(&fit, json, irt_file::responses_fit)
        }
        IrtAction::Fit {
            on,
            model,
            method,
            preset,
            hierarchical,
            baselines,
            json,
            ..
        } => {
            let mut project = on.project()?;
            let settings = (model.is_some() || method.is_some() || preset.is_some())
                .then(|| -> ApiResult<IrtSettings> {
                    let current = project.irt_settings()?;
                    Ok(IrtSettings {
                        model: model.map_or(current.model, Into::into),
                        method: method.map_or(current.method, |m| match m {
                            Method::Joint => IrtMethod::Joint,
                            Method::Marginal => IrtMethod::Marginal,
                        }),
                        preset: preset.unwrap_or(current.preset),
                    })
                })
                .transpose()?;
            let request = IrtRequest {
                selection: on.selection(),
                exam: on.exam,
                settings,
                hierarchical,
                baselines,
            };
            let report = project.fit_irt(&request)?;
            show(&report, json, text::irt)
        }
        IrtAction::Info {
            project,
            exam,
            json,
        } => {
            let report = Project::open(&project)?
                .latest_irt(exam.as_deref())?
                .ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::NotFound,
                        "no IRT model has been fitted on this exam yet; run `proctor irt fit` first",
                    )
                })?;
            show(&report, json, text::information)
        }
        IrtAction::CatCheck {
            project,
            exam,
            share,
            balance_topics,
            max_exposure,
            group,
            json,
        } => {
            let check = Project::open(&project)?.cat_check(&proctor_api::dto::CatCheckRequest {
                exam,
                share,
                balance_topics,
                max_exposure,
                group: group.map(SystemGroup::from),
            })?;
            show(&check, json, irt_file::cat_check)
        }
        IrtAction::Improve {
            on,
            steps,
            fraction,
            json,
        } => {
            let mut project = on.project()?;
            let request = ImproveRequest {
                selection: on.selection(),
                exam: on.exam,
                steps,
                fraction,
            };
            let report = project.improve_exam(&request)?;
            show(&report, json, text::improvement)
        }
    }
}

impl From<Model> for IrtModel {
    fn from(model: Model) -> Self {
        match model {
            Model::Rasch => Self::OnePl,
            Model::TwoParameter => Self::TwoPl,
            Model::ThreeParameter => Self::ThreePl,
        }
    }
}
