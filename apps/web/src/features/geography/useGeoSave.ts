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
  const [addCountry, addCountryState] = useAddCountryMutation();
  const [updateCountry, updateCountryState] = useUpdateCountryMutation();
  const [addState, addStateState] = useAddStateMutation();
  const [updateState, updateStateState] = useUpdateStateMutation();
  const [addPlace, addPlaceState] = useAddPlaceMutation();
  const [updatePlace, updatePlaceState] = useUpdatePlaceMutation();
  const byKind = {
    country: {
      add: addCountry,
      update: updateCountry,
      busy: [addCountryState, updateCountryState],
    },
    state: { add: addState, update: updateState, busy: [addStateState, updateStateState] },
    place: { add: addPlace, update: updatePlace, busy: [addPlaceState, updatePlaceState] },
  }[kind];
  return {
    add: byKind.add,
    update: byKind.update,
    isSaving: byKind.busy.some((state) => state.isLoading),
  };
};
