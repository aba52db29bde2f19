import {
  getRegistrationOp,
  listRegistrationsOp,
  moveRegistrationOp,
  type TRegistrationStatus,
} from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

export const registrationKeys = {
  all: ['registrations'] as const,
  list: (q: object) => ['registrations', 'list', q] as const,
  one: (id: number) => ['registrations', 'one', id] as const,
};

export const useRegistrations = (query: {
  status?: TRegistrationStatus;
  q?: string;
  offset: number;
  limit: number;
}) =>
  useApiQuery(
    listRegistrationsOp,
    { query },
    { queryKey: registrationKeys.list(query), placeholderData: keepPreviousData, staleTime: 0 },
  );

export const useRegistration = (id: number, enabled = true) =>
  useApiQuery(
    getRegistrationOp,
    { params: { id } },
    { queryKey: registrationKeys.one(id), enabled, staleTime: 0 },
  );

export const useMoveRegistration = () => {
  const qc = useQueryClient();
  return useApiMutation(moveRegistrationOp, {
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationKeys.all }),
  });
};
