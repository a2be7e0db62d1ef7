/** A phone number kept left to right inside right-to-left text. */
export function PhoneNumber({ value }: { value: string }) {
  return (
    <bdi dir="ltr" style={{ unicodeBidi: 'isolate' }}>
      {value}
    </bdi>
  );
}
