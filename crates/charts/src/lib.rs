//! Every chart the app shows, rendered to SVG and PNG with plotters: the same series the UI
//! draws (built once by the facade), two renderers, one bundled font (DejaVu Sans, so output is
//! the same on every machine), colour-blind-safe colours (Okabe–Ito), titles, axis labels and
//! units.
//!
//! ```
//! use proctor_charts::{Bar, Chart, Leaderboard};
//!
//! let chart = Chart::Leaderboard(Leaderboard {
//!     title: "Accuracy on the exam".into(),
//!     axis: "Share of questions right".into(),
//!     bars: vec![Bar { label: "Vendor A".into(), value: 0.8, low: 0.72, high: 0.86, ceiling: None, reference: false }],
//! });
//! let svg = proctor_charts::svg(&chart).unwrap();
//! assert!(svg.starts_with("<svg"));
//! let png = proctor_charts::png(&chart).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod render;
mod series;

pub use series::{
    Bar, Bars, Chart, Leaderboard, Line, Lines, MAX_ITEMS, Mark, Point, Radar, Scatter, Series,
};

/// What can go wrong drawing a chart.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// The chart has nothing to draw, or its series do not fit together.
    #[error("{0}")]
    Invalid(String),
    /// The drawing backend failed.
    #[error("drawing the chart failed: {0}")]
    Drawing(String),
}

/// The chart as an SVG document.
pub fn svg(chart: &Chart) -> Result<String, ChartError> {
    chart.check()?;
    // Text is laid out with the bundled font's metrics in SVG too.
    render::register_font();
    let (width, height) = render::size(chart);
    let mut out = String::new();
    {
        let backend = plotters::backend::SVGBackend::with_string(&mut out, (width, height));
        render::draw(backend, chart)?;
    }
    Ok(out)
}

/// The chart as a PNG image (twice the SVG's size, for sharp slides).
pub fn png(chart: &Chart) -> Result<Vec<u8>, ChartError> {
    chart.check()?;
    render::register_font();
    let (width, height) = render::size(chart);
    let (width, height) = (width * 2, height * 2);
    let mut pixels = vec![0u8; width as usize * height as usize * 3];
    {
        let backend = plotters::backend::BitMapBackend::with_buffer(&mut pixels, (width, height));
        render::draw_scaled(backend, chart, 2.0)?;
    }
    let image = image::RgbImage::from_raw(width, height, pixels)
        .ok_or_else(|| ChartError::Drawing("the image buffer has the wrong size".into()))?;
    let mut out = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut out, image::ImageOutputFormat::Png)
        .map_err(|e| ChartError::Drawing(e.to_string()))?;
    Ok(out.into_inner())
}
