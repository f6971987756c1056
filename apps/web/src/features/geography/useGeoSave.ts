import {
  useAddCountryMutation,
  useAddPlaceMutation,
  useAddStateMutation,
  useUpdateCountryMutation,
  useUpdatePlaceMutation,
  useUpdateStateMutation,
  type GeoKind,
} from './geography.api';

/** The add and update triggers of one kind (hooks of the other kinds stay idle). */
export const useGeoSave = (kind: GeoKind) => {
  const [addCountry] = useAddCountryMutation();
  const [updateCountry] = useUpdateCountryMutation();
  const [addState] = useAddStateMutation();
  const [updateState] = useUpdateStateMutation();
  const [addPlace] = useAddPlaceMutation();
  const [updatePlace] = useUpdatePlaceMutation();
  return {
    country: { add: addCountry, update: updateCountry },
    state: { add: addState, update: updateState },
    place: { add: addPlace, update: updatePlace },
  }[kind];
};
