import { GallerySection } from './gallery-section';
import { AccordionDemo, AlertsDemo, AvatarsDemo, ChipsDemo, DialogDemo, PopoverDemo } from './ui-feedback';
import { ListDemo, RatingDemo, TabsDemo, TooltipDemo, TransferListDemo, TypographyDemo } from './ui-navigation';

const SECTIONS = [
  ['alert', AlertsDemo],
  ['accordion', AccordionDemo],
  ['avatar', AvatarsDemo],
  ['chip', ChipsDemo],
  ['dialog', DialogDemo],
  ['list', ListDemo],
  ['popover', PopoverDemo],
  ['rating', RatingDemo],
  ['tabs', TabsDemo],
  ['tooltip', TooltipDemo],
  ['transfer-list', TransferListDemo],
  ['typography', TypographyDemo],
] as const;

/** The UI components: alerts, dialogs, chips, tooltips, tabs, lists and the rest, as the product uses them. */
export default function UiKit() {
  return (
    <>
      {SECTIONS.map(([id, Demo]) => (
        <GallerySection key={id} id={id}>
          <Demo />
        </GallerySection>
      ))}
    </>
  );
}
