/**
 * ECharts, only the parts the report draws (bar chart, grid, tooltip, legend, aria, canvas):
 * imported from echarts/core so the rest of the library stays out, and loaded with the first
 * chart rather than with the app.
 */
export async function loadECharts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([charts.BarChart, components.GridComponent, components.TooltipComponent, components.LegendComponent, components.AriaComponent, renderers.CanvasRenderer]);
  return core;
}
