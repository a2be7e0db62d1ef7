import { FormElements } from './form-elements';
import { FormLayouts } from './form-layouts';
import { FormValidation } from './form-validation';
import { FormWizard } from './form-wizard';
import { GallerySection } from './gallery-section';

/** The forms group: the product's fields, layouts, validation messages and a multi-step form. */
export default function FormsKit() {
  return (
    <>
      <GallerySection id="elements">
        <FormElements />
      </GallerySection>
      <GallerySection id="layouts">
        <FormLayouts />
      </GallerySection>
      <GallerySection id="validation">
        <FormValidation />
      </GallerySection>
      <GallerySection id="wizard">
        <FormWizard />
      </GallerySection>
    </>
  );
}
