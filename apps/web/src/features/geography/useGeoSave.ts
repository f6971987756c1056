import {
  useAddCountryMutation,
  useAddPlaceMutation,
  useAddStateMutation,
  useDeleteCountryMutation,
  useDeletePlaceMutation,
  useDeleteStateMutation,
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

/** The delete trigger of one kind (issue 20), answering the server's message. */
export const useGeoDelete = (kind: GeoKind) => {
  const [deleteCountry] = useDeleteCountryMutation();
  const [deleteState] = useDeleteStateMutation();
  const [deletePlace] = useDeletePlaceMutation();
  return { country: deleteCountry, state: deleteState, place: deletePlace }[kind];
};
