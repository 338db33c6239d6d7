// The parts of ECharts that the options of package echart use, and nothing
// else: the full build is twice the download, and every part it registers
// is visited again on each redraw. Add a part here when New starts using it.
import { use } from "echarts/core";
import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from "echarts/components";
// The SVG renderer draws a chart's SVG download (renderToSVGString).
import { CanvasRenderer, SVGRenderer } from "echarts/renderers";

use([BarChart, LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer, SVGRenderer]);

// getInstanceByDom lets tests read a drawn chart.
export { init, getInstanceByDom } from "echarts/core";
