from django.http import HttpResponse, JsonResponse


def login(request):
    response = JsonResponse({"ok": True})
    # ruleid: python.django.security.audit.secure-cookies.django-secure-set-cookie
    response.set_cookie("sessionid", request.session.session_key)
    # ruleid: python.django.security.audit.secure-cookies.django-secure-set-cookie
    response.set_cookie("auth", "token", httponly=True, samesite="Strict")
    return response


def preferences(request):
    response = HttpResponse("saved")
    # ok: python.django.security.audit.secure-cookies.django-secure-set-cookie
    response.set_cookie("theme", "dark", secure=True, httponly=False, samesite="Lax")
    # ok: python.django.security.audit.secure-cookies.django-secure-set-cookie
    response.delete_cookie("legacy")
    return response
