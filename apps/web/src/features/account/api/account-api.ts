import type {
  ActivateRequest,
  ActivateResponse,
  MessageResponse,
  PhoneCheckRequest,
  PhoneCheckResponse,
  ResendActivationRequest,
  SignupRequest,
  SignupResponse,
} from '@freightlane/domain';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';

const ENROLMENT = '/api/v1/user/enrolment';

export function useSignUp() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: SignupRequest) => api.post<SignupResponse>('/api/v1/user', body, { auth: false }),
  });
}

/** The answer is the same whether or not the account exists. */
export function useResendActivation() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ResendActivationRequest) =>
      api.post<MessageResponse>(`${ENROLMENT}/email/resend`, body, { auth: false }),
  });
}

export function usePhoneCheck() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: PhoneCheckRequest) =>
      api.post<PhoneCheckResponse>(`${ENROLMENT}/phone/check`, body, { auth: false }),
  });
}

export function useActivateAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ActivateRequest) =>
      api.post<ActivateResponse>(`${ENROLMENT}/activate`, body, { auth: false }),
  });
}
