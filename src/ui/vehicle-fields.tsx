import { useLingui } from '@lingui/react';
import { FormField } from './form-field';

/**
 * A vehicle's make, model and optional colour, named as the permit's payload names them
 * (contract/permit.ts): the fields Add Permit and the visitor's booking share.
 */
export function VehicleFields() {
  const { i18n } = useLingui();
  return (
    <>
      <FormField name="make" label={i18n._('Make')} autoComplete="off" />
      <FormField name="model" label={i18n._('Model')} autoComplete="off" />
      <FormField
        name="colour"
        label={i18n._('Colour (optional)')}
        autoComplete="off"
        required={false}
      />
    </>
  );
}
