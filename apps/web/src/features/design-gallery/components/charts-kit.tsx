import { GallerySection } from './gallery-section';
import { SampleAreaChart, SampleBarChart, SampleGauge, SampleLineChart, SamplePieChart } from './sample-charts';

/** The chart kit (MUI X Charts, in this chunk only) on sample figures. */
export default function ChartsKit() {
  return (
    <>
      <GallerySection id="line">
        <SampleLineChart />
      </GallerySection>
      <GallerySection id="area">
        <SampleAreaChart />
      </GallerySection>
      <GallerySection id="bar">
        <SampleBarChart />
      </GallerySection>
      <GallerySection id="pie">
        <SamplePieChart />
      </GallerySection>
      <GallerySection id="gauge">
        <SampleGauge />
      </GallerySection>
    </>
  );
}
